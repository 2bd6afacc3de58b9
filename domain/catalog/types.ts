// Shapes the loaders hand to components. Plain data, safe to serialise to the browser.

export interface ImageSource {
  /** MIME type of this source's files, e.g. image/avif. */
  type: string;
  /** A srcset: "url 320w, url 640w, ...". */
  srcSet: string;
}

export interface ResponsiveImage {
  width: number;
  height: number;
  alt: string;
  /** A data URI of a few hundred bytes, painted until the real image arrives. */
  placeholder: string;
  /** Best first: AVIF, then WebP. */
  sources: ImageSource[];
  /** The JPEG, for browsers without AVIF/WebP and for social cards. */
  fallback: string;
}

export interface StudioInfo {
  name: string;
  tagline: string;
  phones: string[];
  emails: string[];
  address: {
    street: string;
    locality: string;
    region: string;
    postalCode: string;
    country: string;
  };
  socialLinks: { network: string; label: string; url: string }[];
  /** schema.org openingHours, e.g. "Mo-Sa 10:00-19:00". */
  openingHours: string;
  /** The studio's own logo; null draws the built-in one (the name as a wordmark). */
  logo: ResponsiveImage | null;
}

export interface BannerSlide {
  id: number;
  desktop: ResponsiveImage;
  mobile: ResponsiveImage;
}

export interface CollectionCard {
  slug: string;
  name: string;
  description: string;
  cover: ResponsiveImage | null;
}

export interface ShootCard {
  id: number;
  title: string;
  location: string;
  description: string;
  cover: ResponsiveImage | null;
}

export interface CollectionPage {
  slug: string;
  name: string;
  description: string;
  shoots: ShootCard[];
}

export interface ShootPhoto {
  id: number;
  image: ResponsiveImage;
  /** The largest variant, for the no-JavaScript link and the viewer. */
  large: string;
}

export interface ShootPage {
  id: number;
  title: string;
  location: string;
  description: string;
  collection: { slug: string; name: string };
  photos: ShootPhoto[];
}

export interface AboutPage {
  title: string;
  text: string;
  image: ResponsiveImage | null;
}

export interface Showreel {
  videoId: string;
  poster: ResponsiveImage | null;
}
