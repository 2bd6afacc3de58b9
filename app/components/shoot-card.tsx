// A shoot or story as a card: its cover, title and location, linking to /galleryList/{id}.
import { Link } from "react-router";
import type { ShootCard as ShootCardData } from "#domain/catalog/types.ts";
import { useLanguage } from "../i18n/i18n.ts";
import { pathIn } from "../i18n/languages.ts";
import { Picture } from "./picture.tsx";

interface ShootCardProps {
  shoot: ShootCardData;
  sizes: string;
  headingLevel?: "h2" | "h3";
}

export function ShootCard({ shoot, sizes, headingLevel: Heading = "h3" }: ShootCardProps) {
  const language = useLanguage();
  return (
    <Link to={pathIn(language, `/galleryList/${shoot.id}`)} className="shoot-card">
      {shoot.cover ? <Picture image={shoot.cover} sizes={sizes} className="shoot-card-image" /> : null}
      <Heading className="shoot-card-title">{shoot.title}</Heading>
      <p className="shoot-card-location">{shoot.location}</p>
    </Link>
  );
}
