// What the viewer's own parts rendered inside the lightbox (the photo slides, the navigation
// and zoom buttons) share with the viewer: one zoom, one set of gestures, one throttled move.
import { createContext, useContext } from "react";
import type { PhotoGestures } from "./pointer.ts";
import type { ZoomController } from "./zoom.ts";

export interface ViewerServices {
  zoom: ZoomController;
  gestures: PhotoGestures;
  /** To the previous or next photo, at most once per NAVIGATION_THROTTLE_MS. */
  navigate: (direction: "prev" | "next") => void;
  /** The viewer has moved to another photo (by any means): the throttle starts again. */
  moved: () => void;
  /** Focus on the viewer itself, for when the focused control goes or is disabled. */
  focusViewer: () => void;
}

export const ViewerContext = createContext<ViewerServices | null>(null);

export function useViewer(): ViewerServices {
  const services = useContext(ViewerContext);
  if (!services) throw new Error("useViewer must be used inside the viewer");
  return services;
}
