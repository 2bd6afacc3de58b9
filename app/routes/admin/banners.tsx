// The home page's banner slides: order, remove (asks first), and add a slide from a desktop
// and a mobile image, each chosen from the studio's images or uploaded (a multipart form). Each
// slide's alt text has an optional Tamil version (issue 33), set when it is added or later.
import { data, Form, Link } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { ImageField } from "#app/components/admin/image-field.tsx";
import { MoveButtons } from "#app/components/admin/move-buttons.tsx";
import { Field } from "#app/components/field.tsx";
import { Picture } from "#app/components/picture.tsx";
import { readAdminForm } from "#app/http/admin-form.server.ts";
import {
  addBannerSlideFromForm,
  listBannerSlides,
  moveBannerSlide,
  removeBannerSlide,
  setBannerAltTa,
} from "#domain/catalog/banners.server.ts";
import { listImageChoices, thumbnailsFor } from "#domain/catalog/image-picker.server.ts";
import { getMediaStorage } from "#domain/media/storage.server.ts";
import { getDb } from "#platform/db/db.server.ts";
import { readEnv } from "#platform/env.server.ts";
import type { Route } from "./+types/banners";

const THUMBNAIL_SIZES = "240px";

export async function loader({ request }: Route.LoaderArgs) {
  const confirm = Number(new URL(request.url).searchParams.get("remove"));
  const db = getDb();
  const [slides, choices] = await Promise.all([listBannerSlides(db), listImageChoices(db)]);
  return {
    slides,
    choices,
    confirmRemove: Number.isSafeInteger(confirm) ? confirm : 0,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await readAdminForm(request, context);
  const form = parsed.form;
  const db = getDb();
  const id = Number(form.get("id"));
  const none = { errors: undefined, values: undefined, thumbnails: undefined, choices: undefined };
  switch (form.get("intent")) {
    case "add": {
      const refused = await addBannerSlideFromForm({ db, storage: getMediaStorage(readEnv().dataDir) }, parsed);
      if (refused) {
        const chosen = [Number(refused.values.desktop) || null, Number(refused.values.mobile) || null];
        const thumbnails = await thumbnailsFor(db, chosen);
        // The choices again: React Router does not reload them after a 4xx, and an accepted
        // upload must be in the select that now shows it chosen.
        return data(
          { ...refused, thumbnails, choices: await listImageChoices(db, chosen), notice: "" },
          { status: 400 },
        );
      }
      return { ...none, notice: "Slide added at the end." };
    }
    case "up":
    case "down":
      await moveBannerSlide(db, id, form.get("intent") === "up" ? -1 : 1);
      return { ...none, notice: "Moved." };
    case "remove":
      await removeBannerSlide(db, id);
      return { ...none, notice: "Slide removed." };
    case "alt-ta": {
      const error = await setBannerAltTa(db, id, String(form.get("altTa") ?? ""));
      if (error) return data({ ...none, notice: `Not saved: the Tamil description, ${error}` }, { status: 400 });
      return { ...none, notice: "Tamil description saved." };
    }
    default:
      throw data("Unknown action.", { status: 400 });
  }
}

export default function Banners({ loaderData, actionData }: Route.ComponentProps) {
  const { slides, confirmRemove } = loaderData;
  const choices = actionData?.choices ?? loaderData.choices;
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? { desktop: "", mobile: "", alt: "", altTa: "" };
  const thumbnails = actionData?.thumbnails ?? {};
  return (
    <>
      <h1>Banner slides</h1>
      <p className="admin-notice" role="status">
        {actionData?.notice}
      </p>
      {slides.length === 0 ? <p>No slides: the home page starts with the collections.</p> : null}
      <ol className="admin-collections">
        {slides.map((s, index) => (
          <li key={s.id} className="admin-panel">
            <h2>
              Slide {index + 1}: {s.alt}
            </h2>
            <div className="admin-banner-images">
              {s.desktop ? <Picture image={s.desktop} sizes={THUMBNAIL_SIZES} /> : null}
              {s.mobile ? <Picture image={s.mobile} sizes={THUMBNAIL_SIZES} /> : null}
            </div>
            <Form method="post" className="admin-actions">
              <CsrfField />
              <input type="hidden" name="id" value={s.id} />
              <label htmlFor={`slide-altTa-${s.id}`}>Description in Tamil (optional)</label>
              <input id={`slide-altTa-${s.id}`} name="altTa" type="text" lang="ta" defaultValue={s.altTa} />
              <button type="submit" name="intent" value="alt-ta" className="button">
                Save<span className="visually-hidden"> the Tamil description of slide {index + 1}</span>
              </button>
            </Form>
            <MoveButtons id={s.id} index={index} count={slides.length} itemLabel={`(slide ${index + 1})`}>
              {confirmRemove === s.id ? (
                <>
                  <button type="submit" name="intent" value="remove" className="button button--danger">
                    Yes, remove slide {index + 1}
                  </button>
                  <Link to="/admin/banners">Keep it</Link>
                </>
              ) : (
                <Link to={`?remove=${s.id}`} className="button button--danger">
                  Remove…<span className="visually-hidden"> (slide {index + 1})</span>
                </Link>
              )}
            </MoveButtons>
          </li>
        ))}
      </ol>

      <section aria-labelledby="add-slide-heading" className="admin-panel">
        <h2 id="add-slide-heading">Add a slide</h2>
        {/* Keyed by what it shows, so a refused form comes back with the values (and accepted uploads) chosen. */}
        <Form
          key={JSON.stringify(values)}
          method="post"
          encType="multipart/form-data"
          className="admin-form"
          noValidate
        >
          <CsrfField />
          <input type="hidden" name="intent" value="add" />
          {(["desktop", "mobile"] as const).map((which) => (
            <ImageField
              key={which}
              name={which}
              label={which === "desktop" ? "Desktop image (wide)" : "Mobile image (portrait)"}
              value={values[which]}
              current={thumbnails[Number(values[which])] ?? null}
              choices={choices}
              error={errors[which]}
            />
          ))}
          <Field id="slide-alt" label="Description (alt text)" error={errors.alt}>
            {(control) => <input {...control} name="alt" type="text" defaultValue={values.alt} />}
          </Field>
          <Field
            id="slide-altTa"
            label="Description in Tamil (optional)"
            hint="The Tamil home page reads it; left empty, it reads the English."
            error={errors.altTa}
          >
            {(control) => <input {...control} name="altTa" type="text" lang="ta" defaultValue={values.altTa} />}
          </Field>
          <button type="submit" className="button">
            Add slide
          </button>
        </Form>
      </section>
    </>
  );
}
