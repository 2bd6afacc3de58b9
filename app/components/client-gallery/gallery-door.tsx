// The door of a gallery behind a PIN: the gallery's PIN, asked before anything of it is shown. The
// language switch sits on the door itself, above the form: the first thing a client whose browser
// speaks English but who reads Tamil (or the other way round) needs, before typing anything.
import { useT } from "#app/i18n/i18n.ts";
import { LanguageSwitch } from "../language-switch.tsx";
import type { FormAnswer } from "./page-data.ts";
import { PinForm } from "./pin-form.tsx";

export function GalleryDoor({ studioName, problem }: { studioName: string | null; problem?: FormAnswer }) {
  const t = useT();
  const studio = studioName ?? t("gallery.studioFallback");
  const error = problem?.form === "pin" ? problem.message : undefined;
  return (
    <section className="page page--narrow cg-door" aria-labelledby="cg-door-heading">
      <LanguageSwitch className="cg-language-switch" />
      <p className="eyebrow">{studio}</p>
      <h1 id="cg-door-heading" className="page-title">
        {t("door.title")}
      </h1>
      <p className="page-lede">{t("door.lede", { studio })}</p>
      <PinForm id="gallery-pin" label={t("door.pin")} error={error} submit={t("door.submit")} />
    </section>
  );
}
