// The demo studio a fresh install shows: the spec's collections, ids and groups, set in Tamil
// Nadu, with invented clients and contact details that are plainly sample data. The photographs
// are the free-licence files in demo/photos (credits in demo/photos/CREDITS.md); the logo in
// demo/logo is a sample drawn for this demo. The studio's name, tagline, about page and its
// collections and shoots have their Tamil too (issue 33), so the demo's Tamil pages show the
// studio's own words in Tamil.

export interface DemoCollection {
  slug: string;
  name: string;
  description: string;
  /** The Tamil versions. */
  nameTa: string;
  descriptionTa: string;
  coverFile: string;
}

export interface DemoShoot {
  id: number;
  collection: string;
  title: string;
  location: string;
  description: string;
  /** The Tamil versions: the names written in Tamil, the place and the words translated. */
  titleTa: string;
  locationTa: string;
  descriptionTa: string;
  /** Recent stories are 101-103, shown on the home page in this order. */
  storyPosition?: number;
}

export const DEMO_SETTINGS = {
  name: "Nila Studio",
  tagline: "Wedding, baby and family photography from Coimbatore",
  about_title: "About Nila Studio",
  name_ta: "நிலா ஸ்டுடியோ",
  tagline_ta: "கோயம்புத்தூரிலிருந்து திருமண, குழந்தை, குடும்பப் புகைப்படங்கள்",
  about_title_ta: "நிலா ஸ்டுடியோ பற்றி",
  about_text_ta: [
    "நிலா ஸ்டுடியோ, கோயம்புத்தூரில் இருக்கும் ஒரு சிறிய புகைப்படக் கலைஞர் குழு. பத்து வருடங்களுக்கு மேலாக, திருமண நாளில் மணமக்களோடு கூடவே இருந்திருக்கிறோம்; பிறந்த சில வாரங்களிலேயே குழந்தைகளை வரவேற்றிருக்கிறோம்; தமிழ்நாட்டின் மலைகளிலும் கடற்கரைகளிலும் குடும்பங்களோடு நடந்திருக்கிறோம்.",
    "அமைதியாக, பெரும்பாலும் இயற்கை வெளிச்சத்திலேயே படம் எடுக்கிறோம்: அந்த நாள் எப்படி இருந்ததோ, படங்களும் அப்படியே இருக்க வேண்டும். ஒவ்வொரு படப்பிடிப்பும் கையால் செம்மைப்படுத்திய ஒரு கேலரியோடும், தலைமுறைகள் தாண்டி நிற்கும் பிரிண்ட்களோடும் நிறைவடைகிறது.",
    "இது ஒரு மாதிரி (டெமோ) ஸ்டுடியோ: இந்தத் தளத்தில் உள்ள பெயர்கள், தொலைபேசி எண்கள், முகவரிகள் எல்லாம் மாதிரித் தரவுகள்; லோகோ இந்த டெமோவுக்காக வரையப்பட்டது; புகைப்படங்கள் இலவச உரிமம் கொண்டவை, அவற்றின் விவரங்கள் நன்றிப் பக்கத்தில் உள்ளன.",
  ].join("\n\n"),
  about_text: [
    "Nila Studio is a small team of photographers based in Coimbatore. For more than ten years we have followed couples through their wedding days, welcomed newborns in their first weeks and walked families through the hills and beaches of Tamil Nadu.",
    "We work quietly and mostly with available light, so that the pictures look like the day felt. Every shoot ends with a hand-edited gallery and prints that will outlast us all.",
    "This is a demo studio: the names, phone numbers and addresses on this site are sample data, its logo was drawn for the demo, and the photographs are free-licence images credited on the credits page.",
  ].join("\n\n"),
  aboutFile: "09-hand-drum-in-warm-light.jpg",
  phones: ["+91 90000 00001", "+91 90000 00002", "+91 90000 00003"],
  emails: ["hello@nila-studio.example"],
  street_address: "No. 1, Sample Street (demo address), R.S. Puram",
  locality: "Coimbatore",
  region: "Tamil Nadu",
  postal_code: "641002",
  country: "India",
  social_links: [
    { network: "instagram", label: "Instagram", url: "https://www.instagram.com/nila.studio.example/" },
    { network: "youtube", label: "YouTube", url: "https://www.youtube.com/@nila-studio-example" },
    { network: "facebook", label: "Facebook", url: "https://www.facebook.com/nila.studio.example" },
  ],
  opening_hours: "Mo-Sa 10:00-19:00",
  /** Big Buck Bunny (Blender Foundation, CC BY 3.0) stands in for the studio's showreel. */
  showreel_video_id: "aqz-KE-bpKQ",
  showreelPosterFile: "15-rowing-boats-at-dusk.jpg",
} as const;

export const DEMO_COLLECTIONS: DemoCollection[] = [
  {
    slug: "wedding",
    name: "Wedding",
    description: "Ceremonies, rituals and the quiet moments between them, photographed as they happen.",
    nameTa: "திருமணம்",
    descriptionTa: "சடங்குகள், சம்பிரதாயங்கள், அவற்றுக்கு இடையிலான அமைதியான தருணங்கள்: நடக்கும்போதே படமாக்கியவை.",
    coverFile: "03-sunset-over-hills.jpg",
  },
  {
    slug: "babyShoot",
    name: "Baby Shoot",
    description: "Newborn and first-birthday sessions at home or in our studio, at the baby's pace.",
    nameTa: "குழந்தைப் படங்கள்",
    descriptionTa: "பிறந்த குழந்தை, முதல் பிறந்தநாள் படப்பிடிப்புகள்: வீட்டிலோ எங்கள் ஸ்டுடியோவிலோ, குழந்தையின் நேரத்துக்கு ஏற்ப.",
    coverFile: "06-dandelions-at-golden-hour.jpg",
  },
  {
    slug: "motherhood",
    name: "Motherhood",
    description: "Maternity portraits for the months of waiting, indoors or out in the open.",
    nameTa: "தாய்மை",
    descriptionTa: "காத்திருக்கும் மாதங்களுக்கான கர்ப்பகாலப் படங்கள்: உள்ளேயோ, திறந்த வெளியிலோ.",
    coverFile: "28-orange-flower.jpg",
  },
  {
    slug: "outdoor",
    name: "Outdoor",
    description: "Couples and families in the hills, tea estates and beaches of Tamil Nadu.",
    nameTa: "வெளிப்புறப் படங்கள்",
    descriptionTa: "தமிழ்நாட்டின் மலைகளிலும் தேயிலைத் தோட்டங்களிலும் கடற்கரைகளிலும் தம்பதிகளும் குடும்பங்களும்.",
    coverFile: "21-path-through-a-pine-forest.jpg",
  },
];

const wedding = (place: string) => `Wedding in ${place}`;
const baby = (place: string) => `Baby shoot in ${place}`;
const motherhood = (place: string) => `motherhood in ${place}`;
const outdoor = (place: string) => `Out door shoot in ${place}`;

export const DEMO_SHOOTS: DemoShoot[] = [
  {
    id: 1,
    collection: "wedding",
    title: "Priya & Karthik",
    location: wedding("Coimbatore"),
    description: "A temple wedding at dawn and a long evening reception with both families dancing.",
    titleTa: "பிரியா & கார்த்திக்",
    locationTa: "கோயம்புத்தூரில் திருமணம்",
    descriptionTa: "விடியற்காலைக் கோயில் திருமணம், இரு குடும்பங்களும் ஆடிப் பாடிய நீண்ட மாலை வரவேற்பு.",
  },
  {
    id: 2,
    collection: "wedding",
    title: "Divya & Arun",
    location: wedding("Madurai"),
    description: "Jasmine, brass lamps and a muhurtham under the shadow of the Meenakshi temple towers.",
    titleTa: "திவ்யா & அருண்",
    locationTa: "மதுரையில் திருமணம்",
    descriptionTa: "மல்லிகைப் பூ, பித்தளை விளக்குகள், மீனாட்சி அம்மன் கோபுர நிழலில் ஒரு முகூர்த்தம்.",
  },
  {
    id: 3,
    collection: "wedding",
    title: "Meena & Suresh",
    location: wedding("Thanjavur"),
    description: "A Thanjavur silk wedding with three days of ceremonies and one very patient nadaswaram player.",
    titleTa: "மீனா & சுரேஷ்",
    locationTa: "தஞ்சாவூரில் திருமணம்",
    descriptionTa: "மூன்று நாள் சடங்குகள், பட்டுப் புடவைகள், மிகப் பொறுமையான ஒரு நாதஸ்வரக் கலைஞர்: ஒரு தஞ்சாவூர்த் திருமணம்.",
  },
  {
    id: 101,
    collection: "wedding",
    title: "Lakshmi & Vignesh",
    location: wedding("Chennai"),
    description: "A seaside wedding in Chennai: a morning ceremony, monsoon clouds and a sunset on the beach.",
    titleTa: "லட்சுமி & விக்னேஷ்",
    locationTa: "சென்னையில் திருமணம்",
    descriptionTa: "சென்னையில் ஒரு கடற்கரைத் திருமணம்: காலைச் சடங்கு, மழைக்கால மேகங்கள், கடற்கரையில் சூரிய அஸ்தமனம்.",
    storyPosition: 1,
  },
  {
    id: 21,
    collection: "babyShoot",
    title: "Baby Aadhya",
    location: baby("Ooty"),
    description: "Aadhya at three weeks, asleep through most of her first session in the hills.",
    titleTa: "குழந்தை ஆத்யா",
    locationTa: "ஊட்டியில் குழந்தைப் படப்பிடிப்பு",
    descriptionTa: "மூன்று வாரக் குழந்தை ஆத்யா, மலையில் நடந்த தன் முதல் படப்பிடிப்பில் பெரும்பாலும் தூங்கியபடியே.",
  },
  {
    id: 22,
    collection: "babyShoot",
    title: "Little Kavin",
    location: baby("Coimbatore"),
    description: "Kavin's first birthday at home, with grandparents and a cake he mostly wore.",
    titleTa: "குட்டி கவின்",
    locationTa: "கோயம்புத்தூரில் குழந்தைப் படப்பிடிப்பு",
    descriptionTa: "வீட்டில் கவினின் முதல் பிறந்தநாள்: தாத்தா பாட்டியுடன், பாதி கேக் அவன் மேலேயே.",
  },
  {
    id: 23,
    collection: "babyShoot",
    title: "Baby Ishaan",
    location: baby("Salem"),
    description: "A newborn session in soft window light, wrapped in his grandmother's cotton saree.",
    titleTa: "குழந்தை இஷான்",
    locationTa: "சேலத்தில் குழந்தைப் படப்பிடிப்பு",
    descriptionTa: "ஜன்னல் வழி வரும் மென்மையான ஒளியில், பாட்டியின் பருத்திப் புடவையில் சுற்றிய பிறந்த குழந்தை.",
  },
  {
    id: 24,
    collection: "babyShoot",
    title: "Baby Mithra",
    location: baby("Tiruppur"),
    description: "Mithra at six months: sitting up, laughing, and curious about the camera.",
    titleTa: "குழந்தை மித்ரா",
    locationTa: "திருப்பூரில் குழந்தைப் படப்பிடிப்பு",
    descriptionTa: "ஆறு மாத மித்ரா: உட்கார்ந்து, சிரித்து, கேமராவை ஆர்வமாகப் பார்த்தபடி.",
  },
  {
    id: 25,
    collection: "babyShoot",
    title: "Little Yazhini",
    location: baby("Erode"),
    description: "Yazhini's naming ceremony and a garden session the morning after.",
    titleTa: "குட்டி யாழினி",
    locationTa: "ஈரோட்டில் குழந்தைப் படப்பிடிப்பு",
    descriptionTa: "யாழினியின் பெயர் சூட்டு விழா, மறுநாள் காலை தோட்டத்தில் ஒரு படப்பிடிப்பு.",
  },
  {
    id: 102,
    collection: "babyShoot",
    title: "Little Aarav",
    location: baby("Coonoor"),
    description: "Aarav's first trip to the tea estates, photographed between naps.",
    titleTa: "குட்டி ஆரவ்",
    locationTa: "குன்னூரில் குழந்தைப் படப்பிடிப்பு",
    descriptionTa: "தேயிலைத் தோட்டங்களுக்கு ஆரவின் முதல் பயணம், தூக்கங்களுக்கு இடையே எடுத்த படங்கள்.",
    storyPosition: 2,
  },
  {
    id: 41,
    collection: "motherhood",
    title: "Anitha & Ramesh",
    location: motherhood("Madurai"),
    description: "A maternity session at home in the eighth month, with the family's old swing.",
    titleTa: "அனிதா & ரமேஷ்",
    locationTa: "மதுரையில் தாய்மைப் படப்பிடிப்பு",
    descriptionTa: "எட்டாம் மாதத்தில் வீட்டிலேயே ஒரு தாய்மைப் படப்பிடிப்பு, குடும்பத்தின் பழைய ஊஞ்சலுடன்.",
  },
  {
    id: 42,
    collection: "motherhood",
    title: "Sangeetha & Prakash",
    location: motherhood("Tiruchirappalli"),
    description: "Evening light on the banks of the Kaveri, weeks before their first child arrived.",
    titleTa: "சங்கீதா & பிரகாஷ்",
    locationTa: "திருச்சிராப்பள்ளியில் தாய்மைப் படப்பிடிப்பு",
    descriptionTa: "முதல் குழந்தை வருவதற்குச் சில வாரங்கள் முன், காவிரிக் கரையில் மாலை ஒளி.",
  },
  {
    id: 43,
    collection: "motherhood",
    title: "Revathi & Senthil",
    location: motherhood("Coimbatore"),
    description: "A valaikaapu celebration with bangles, music and every aunt in the family.",
    titleTa: "ரேவதி & செந்தில்",
    locationTa: "கோயம்புத்தூரில் தாய்மைப் படப்பிடிப்பு",
    descriptionTa: "வளையல்கள், இசை, குடும்பத்தின் எல்லா அத்தைகளும் சித்திகளும் கூடிய ஒரு வளைகாப்பு.",
  },
  {
    id: 44,
    collection: "motherhood",
    title: "Kavya & Dinesh",
    location: motherhood("Kodaikanal"),
    description: "Misty mornings by the lake for a couple who met in these hills.",
    titleTa: "காவ்யா & தினேஷ்",
    locationTa: "கொடைக்கானலில் தாய்மைப் படப்பிடிப்பு",
    descriptionTa: "இந்த மலைகளில் சந்தித்த தம்பதிக்கு, ஏரிக்கரையில் பனி மூடிய காலைகள்.",
  },
  {
    id: 45,
    collection: "motherhood",
    title: "Nandhini & Bala",
    location: motherhood("Vellore"),
    description: "An indoor studio session in warm light, with their first child joining in.",
    titleTa: "நந்தினி & பாலா",
    locationTa: "வேலூரில் தாய்மைப் படப்பிடிப்பு",
    descriptionTa: "இதமான ஒளியில் ஸ்டுடியோவுக்குள் ஒரு படப்பிடிப்பு, முதல் குழந்தையும் சேர்ந்துகொண்டு.",
  },
  {
    id: 61,
    collection: "outdoor",
    title: "Swathi & Hari",
    location: outdoor("Pollachi"),
    description: "Coconut groves and a bullock cart ride on a bright Pollachi afternoon.",
    titleTa: "சுவாதி & ஹரி",
    locationTa: "பொள்ளாச்சியில் வெளிப்புறப் படப்பிடிப்பு",
    descriptionTa: "வெயில் நிறைந்த பொள்ளாச்சி மதியத்தில் தென்னந்தோப்புகளும் ஒரு மாட்டு வண்டிப் பயணமும்.",
  },
  {
    id: 62,
    collection: "outdoor",
    title: "Janani & Gokul",
    location: outdoor("Valparai"),
    description: "A pre-wedding walk through the tea estates and the forest road above them.",
    titleTa: "ஜனனி & கோகுல்",
    locationTa: "வால்பாறையில் வெளிப்புறப் படப்பிடிப்பு",
    descriptionTa: "தேயிலைத் தோட்டங்கள் வழியாகவும் அவற்றுக்கு மேலுள்ள காட்டுச் சாலையிலும், திருமணத்துக்கு முன் ஒரு நடை.",
  },
  {
    id: 63,
    collection: "outdoor",
    title: "Preethi & Manoj",
    location: outdoor("Mahabalipuram"),
    description: "Shore temple stones, sea wind and a sunset that waited for us.",
    titleTa: "ப்ரீத்தி & மனோஜ்",
    locationTa: "மாமல்லபுரத்தில் வெளிப்புறப் படப்பிடிப்பு",
    descriptionTa: "கடற்கரைக் கோயிலின் கற்கள், கடல் காற்று, எங்களுக்காகக் காத்திருந்த ஒரு சூரிய அஸ்தமனம்.",
  },
  {
    id: 64,
    collection: "outdoor",
    title: "Harini & Sathish",
    location: outdoor("Kanyakumari"),
    description: "Sunrise at the tip of India, where three seas meet.",
    titleTa: "ஹரிணி & சதீஷ்",
    locationTa: "கன்னியாகுமரியில் வெளிப்புறப் படப்பிடிப்பு",
    descriptionTa: "மூன்று கடல்கள் சந்திக்கும் இந்தியாவின் முனையில் ஒரு சூரிய உதயம்.",
  },
  {
    id: 103,
    collection: "outdoor",
    title: "Deepa & Naveen",
    location: outdoor("Yercaud"),
    description: "An anniversary shoot among the coffee plantations and viewpoints of Yercaud.",
    titleTa: "தீபா & நவீன்",
    locationTa: "ஏற்காட்டில் வெளிப்புறப் படப்பிடிப்பு",
    descriptionTa: "ஏற்காட்டின் காபித் தோட்டங்களுக்கும் காட்சி முனைகளுக்கும் இடையே ஒரு திருமண நாள் படப்பிடிப்பு.",
    storyPosition: 3,
  },
];

/** Photos per demo shoot; the 32 demo files are dealt out in turn, so shoots share some. */
export const DEMO_PHOTOS_PER_SHOOT = 6;

/** Six banner slides; each desktop photo also gets a portrait crop for phones. */
export const DEMO_BANNER_FILES = [
  "17-lake-at-blue-hour.jpg",
  "01-autumn-mountain-meadow.jpg",
  "15-rowing-boats-at-dusk.jpg",
  "16-jetty-in-fog.jpg",
  "22-lake-at-midsummer-night.jpg",
  "03-sunset-over-hills.jpg",
];

/** Portrait crop for the mobile banner (width / height). */
export const MOBILE_BANNER_ASPECT = 2 / 3;

/** Which demo files a shoot shows, in order: a deterministic deal over the whole set. */
export function demoPhotoFilesFor(shootIndex: number, files: readonly string[]): string[] {
  const picked: string[] = [];
  for (let i = 0; i < DEMO_PHOTOS_PER_SHOOT; i++) {
    const file = files[(shootIndex * 5 + i * 3) % files.length];
    if (file) picked.push(file);
  }
  return picked;
}
