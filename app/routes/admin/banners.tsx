// The home page's banner slides: order, remove (asks first), and add a slide from a desktop
// and a mobile image.
import { data, Form, Link } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { MoveButtons } from "#app/components/admin/move-buttons.tsx";
import { Field } from "#app/components/field.tsx";
import { Picture } from "#app/components/picture.tsx";
import {
  addBannerSlide,
  listBannerSlides,
  listImageChoices,
  moveBannerSlide,
  removeBannerSlide,
} from "#app/utils/admin/banners.server.ts";
import { getDb } from "#app/utils/db/db.server.ts";
import type { Route } from "./+types/banners";

const THUMBNAIL_SIZES = "240px";

export async function loader({ request }: Route.LoaderArgs) {
  const confirm = Number(new URL(request.url).searchParams.get("remove"));
  return {
    slides: await listBannerSlides(getDb()),
    choices: await listImageChoices(getDb()),
    confirmRemove: Number.isSafeInteger(confirm) ? confirm : 0,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const db = getDb();
  const id = Number(form.get("id"));
  const none = { errors: undefined, values: undefined };
  switch (form.get("intent")) {
    case "add": {
      const values = {
        desktop: String(form.get("desktop") ?? ""),
        mobile: String(form.get("mobile") ?? ""),
        alt: String(form.get("alt") ?? ""),
      };
      const errors = await addBannerSlide(db, {
        desktop: Number(values.desktop),
        mobile: Number(values.mobile),
        alt: values.alt,
      });
      if (errors) return data({ errors, values, notice: "" }, { status: 400 });
      return { ...none, notice: "Slide added at the end." };
    }
    case "up":
    case "down":
      await moveBannerSlide(db, id, form.get("intent") === "up" ? -1 : 1);
      return { ...none, notice: "Moved." };
    case "remove":
      await removeBannerSlide(db, id);
      return { ...none, notice: "Slide removed." };
    default:
      throw data("Unknown action.", { status: 400 });
  }
}

export default function Banners({ loaderData, actionData }: Route.ComponentProps) {
  const { slides, choices, confirmRemove } = loaderData;
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? { desktop: "", mobile: "", alt: "" };
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
        <Form method="post" className="admin-form" noValidate>
          <CsrfField />
          <input type="hidden" name="intent" value="add" />
          {(["desktop", "mobile"] as const).map((which) => (
            <Field
              key={which}
              id={`slide-${which}`}
              label={which === "desktop" ? "Desktop image (wide)" : "Mobile image (portrait)"}
              error={errors[which]}
            >
              {(describedBy, invalid) => (
                <select
                  id={`slide-${which}`}
                  name={which}
                  defaultValue={values[which]}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                >
                  <option value="">Choose…</option>
                  {choices.map((c) => (
                    <option key={c.assetId} value={c.assetId}>
                      {c.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ))}
          <Field id="slide-alt" label="Description (alt text)" error={errors.alt}>
            {(describedBy, invalid) => (
              <input
                id="slide-alt"
                name="alt"
                type="text"
                defaultValue={values.alt}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
              />
            )}
          </Field>
          <button type="submit" className="button">
            Add slide
          </button>
        </Form>
      </section>
    </>
  );
}
