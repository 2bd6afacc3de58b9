// What the shoot page hands the viewer for each photo.
import type { ReactNode } from "react";
import type { ResponsiveImage } from "#domain/catalog/types.ts";

export interface ViewerPhoto {
  image: ResponsiveImage;
  /** Never empty: the photo's own text, or its place in the shoot. */
  alt: string;
  /** The file the grid already shows for this photo (cached), or "" when it has not loaded. */
  shownSrc: string;
}

export interface ViewerProps {
  title: string;
  photos: readonly ViewerPhoto[];
  /** The photo #gallery-N asks for; null asks an open viewer to close. */
  index: number | null;
  /** The visitor moved to another photo. */
  onView: (index: number) => void;
  /** The viewer finished closing on this photo. */
  onClosed: (index: number) => void;
  /** The page's own buttons for the photo on show (a client gallery's heart), before the viewer's. */
  extraButtons?: ReactNode;
}
