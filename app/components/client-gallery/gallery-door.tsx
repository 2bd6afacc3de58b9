// The door of a gallery behind a PIN: the gallery's PIN, asked before anything of it is shown.
import type { FormAnswer } from "./page-data.ts";
import { PinForm } from "./pin-form.tsx";

export function GalleryDoor({ studioName, problem }: { studioName: string; problem?: FormAnswer }) {
  const error = problem?.form === "pin" ? problem.message : undefined;
  return (
    <section className="page page--narrow cg-door" aria-labelledby="cg-door-heading">
      <p className="eyebrow">{studioName}</p>
      <h1 id="cg-door-heading" className="page-title">
        A private gallery
      </h1>
      <p className="page-lede">Enter the PIN {studioName} gave you. This device will remember it.</p>
      <PinForm id="gallery-pin" label="Gallery PIN" error={error} submit="Open the gallery" />
    </section>
  );
}
