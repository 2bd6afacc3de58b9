// The couple hides a photo from their wedding's guests, or lets them find it again (issue 31),
// from the viewer: shown at once, posted to /g/{token}/photos, taken back if it does not take.
import { useCallback, useState } from "react";
import { useT } from "#app/i18n/i18n.ts";
import type { GalleryPhoto } from "#domain/galleries/client-types.ts";

export function useGuestHiding(base: string, onMessage: (message: string) => void) {
  const unreached = useT()("client.unreached");
  const [hidden, setHidden] = useState<Record<number, boolean>>({});
  const isHidden = (photo: GalleryPhoto) => hidden[photo.id] ?? photo.guestHidden === true;
  const hide = useCallback(
    async (photo: GalleryPhoto, hide: boolean) => {
      setHidden((h) => ({ ...h, [photo.id]: hide }));
      onMessage("");
      const body = new URLSearchParams({ intent: "guests", photo: String(photo.id), hidden: hide ? "1" : "0" });
      try {
        const res = await fetch(`${base}/photos`, { method: "POST", body });
        const answer = (await res.json()) as { ok: boolean; error?: string };
        if (!answer.ok) {
          setHidden((h) => ({ ...h, [photo.id]: !hide }));
          onMessage(answer.error ?? unreached);
        }
      } catch {
        setHidden((h) => ({ ...h, [photo.id]: !hide }));
        onMessage(unreached);
      }
    },
    [base, onMessage, unreached],
  );
  return { isHidden, hide };
}
