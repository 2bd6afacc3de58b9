// The studio's video. Nothing loads from the video host until the visitor asks to play: the
// studio's own poster and a play link stand in, and the privacy-enhanced player replaces them
// on click with the spec's settings (autoplay, muted, no related videos). Without JavaScript
// the link opens the video on its own site; a click before the page's modules have run is held
// and replayed once they have (early-actions.ts).

import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { Showreel as ShowreelData } from "#domain/catalog/types.ts";
import { earlyAction, takeEarlyTap } from "../document/early-actions.ts";
import { useT } from "../i18n/i18n.ts";
import { SHOWREEL_SIZES } from "../utils/image-sizes.ts";
import { Picture } from "./picture.tsx";

export const PLAYER_ORIGIN = "https://www.youtube-nocookie.com";

export function playerUrl(videoId: string): string {
  const params = new URLSearchParams({ autoplay: "1", mute: "1", rel: "0", playsinline: "1" });
  return `${PLAYER_ORIGIN}/embed/${encodeURIComponent(videoId)}?${params}`;
}

export function Showreel({ showreel, studioName }: { showreel: ShowreelData; studioName: string }) {
  const [playing, setPlaying] = useState(false);
  const { pathname } = useLocation();
  const t = useT();
  const title = t("showreel.title", { studio: studioName });
  // A play tapped before the page hydrated (early-actions.ts) plays now, as a click would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page hydrates.
  useEffect(() => {
    if (takeEarlyTap("video", pathname)) setPlaying(true);
  }, []);
  return (
    <div className="showreel">
      {playing ? (
        <iframe
          className="showreel-frame"
          src={playerUrl(showreel.videoId)}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
        />
      ) : (
        <>
          {showreel.poster ? (
            <Picture image={showreel.poster} sizes={SHOWREEL_SIZES} className="showreel-poster" />
          ) : null}
          <a
            {...earlyAction("video")}
            className="showreel-play"
            href={`https://www.youtube.com/watch?v=${encodeURIComponent(showreel.videoId)}`}
            onClick={(event) => {
              event.preventDefault();
              setPlaying(true);
            }}
          >
            <span aria-hidden="true" className="icon-play" />
            <span className="visually-hidden">{t("showreel.play", { studio: studioName })}</span>
          </a>
        </>
      )}
    </div>
  );
}
