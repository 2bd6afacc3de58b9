// The event page's form (issue 31): the guest's name, their consent to what is kept, and a selfie.
// Without JavaScript it is a plain multipart form: the file input's capture="user" opens a phone's
// front camera. With it, a phone or laptop that allows the camera gets a live preview and a
// shutter button, whose picture is put into the same file input; a file too large is refused
// before it is sent. Either way the server reads the selfie in memory and keeps only its face's
// description (the consent text says so, and for how long).
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { useT } from "#app/i18n/i18n.ts";
import { GUEST_NAME_MAX_LENGTH, SELFIE_MAX_BYTES } from "#domain/faces/selfie.ts";
import { Field } from "../field.tsx";

/** A form the event route refused, with what was typed (the file cannot be given back). */
export interface SelfieFormAnswer {
  form: "pin" | "selfie";
  message: string;
  fields?: Partial<Record<"name" | "consent" | "selfie", string>>;
  values?: { name: string; consent: boolean };
}

/** The live preview's picture: JPEG at this quality is a few hundred KB at a phone's 1280 px. */
const CAPTURE_JPEG_QUALITY = 0.9;
/** What the live preview asks the front camera for: enough for a face, not a phone's full sensor. */
const CAPTURE_IDEAL_WIDTH_PX = 1280;

interface SelfieFormProps {
  studioName: string;
  event: { title: string; eventDate: string | null; forgotten: boolean };
  problem: SelfieFormAnswer | undefined;
}

export function SelfieForm({ studioName, event, problem }: SelfieFormProps) {
  const t = useT();
  const errors = problem?.form === "selfie" ? (problem.fields ?? {}) : {};
  const values = problem?.form === "selfie" ? problem.values : undefined;
  const general = problem?.form === "selfie" && Object.keys(errors).length === 0 ? problem.message : undefined;
  const [sizeError, setSizeError] = useState<string | undefined>();
  const fileRef = useRef<HTMLInputElement>(null);
  const selfieError = sizeError ?? errors.selfie;
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    setSizeError(
      file && file.size > SELFIE_MAX_BYTES
        ? t("event.selfie.tooLarge", { mb: SELFIE_MAX_BYTES / 1024 / 1024 })
        : undefined,
    );
  };
  return (
    <section className="page page--narrow ev-start" aria-labelledby="ev-heading">
      <p className="eyebrow">{studioName}</p>
      <h1 id="ev-heading" className="page-title">
        {t("event.heading")}
      </h1>
      <p className="page-lede">
        {event.title}
        {event.eventDate ? `, ${event.eventDate}` : ""}. {t("event.lede")}
      </p>
      {event.forgotten ? (
        <p className="ev-notice" role="status">
          {t("event.forgotten")}
        </p>
      ) : null}
      {general ? (
        <p className="field-error" role="alert">
          {general}
        </p>
      ) : null}
      <form
        method="post"
        encType="multipart/form-data"
        className="cg-form ev-form"
        onSubmit={(e) => {
          if (sizeError) e.preventDefault();
        }}
      >
        <Field id="guest-name" label={t("event.name")} error={errors.name}>
          {(control) => (
            <input
              {...control}
              name="name"
              autoComplete="name"
              required
              maxLength={GUEST_NAME_MAX_LENGTH}
              defaultValue={values?.name ?? ""}
            />
          )}
        </Field>
        <div className="field ev-consent">
          <input
            id="guest-consent"
            type="checkbox"
            name="consent"
            value="yes"
            required
            defaultChecked={values?.consent ?? false}
            aria-describedby={errors.consent ? "guest-consent-error" : "guest-consent-what"}
            aria-invalid={errors.consent ? true : undefined}
          />
          <label htmlFor="guest-consent">{t("event.consent.label", { studio: studioName })}</label>
          <p id="guest-consent-what" className="field-hint">
            {t("event.consent.what", { forget: t("guest.forget.submit") })}
          </p>
          {errors.consent ? (
            <p id="guest-consent-error" className="field-error">
              {errors.consent}
            </p>
          ) : null}
        </div>
        <Field id="guest-selfie" label={t("event.selfie.label")} hint={t("event.selfie.hint")} error={selfieError}>
          {(control) => (
            <input
              {...control}
              ref={fileRef}
              type="file"
              name="selfie"
              accept="image/*"
              capture="user"
              required
              onChange={onFile}
            />
          )}
        </Field>
        <LiveCamera fileInput={fileRef} onTaken={() => setSizeError(undefined)} />
        <button type="submit" className="button">
          {t("event.submit")}
        </button>
      </form>
    </section>
  );
}

function stopCamera(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

type CameraState = "unavailable" | "ready" | "previewing" | "taken" | "refused";

/**
 * A live preview of the front camera, where the browser offers one (getUserMedia; shown only
 * after hydration, so without JavaScript the file input alone is the way). Its picture goes into
 * the form's own file input, so the same form sends it.
 */
function LiveCamera({
  fileInput,
  onTaken,
}: {
  fileInput: React.RefObject<HTMLInputElement | null>;
  onTaken: () => void;
}) {
  const t = useT();
  const [state, setState] = useState<CameraState>("unavailable");
  const [preview, setPreview] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);

  useEffect(() => {
    const canPreview = typeof navigator.mediaDevices?.getUserMedia === "function" && typeof DataTransfer === "function";
    if (canPreview) setState("ready");
    return () => stopCamera(stream.current);
  }, []);

  // The preview's element exists once the state has rendered it: the stream is given to it then.
  useEffect(() => {
    const element = video.current;
    if (state !== "previewing" || !element || !stream.current) return;
    element.srcObject = stream.current;
    element.play().catch(() => {});
  }, [state]);

  if (state === "unavailable") return null;

  const start = async () => {
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: "user", width: { ideal: CAPTURE_IDEAL_WIDTH_PX } },
        audio: false,
      });
      setState("previewing");
    } catch {
      setState("refused");
    }
  };

  const take = () => {
    const v = video.current;
    const input = fileInput.current;
    if (!v || !input || v.videoWidth === 0) return;
    const canvas = document.createElement("canvas");
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext("2d")?.drawImage(v, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (!blob) return;
        const files = new DataTransfer();
        files.items.add(new File([blob], "selfie.jpg", { type: "image/jpeg" }));
        input.files = files.files;
        setPreview(canvas.toDataURL("image/jpeg", 0.6));
        stopCamera(stream.current);
        stream.current = null;
        setState("taken");
        onTaken();
      },
      "image/jpeg",
      CAPTURE_JPEG_QUALITY,
    );
  };

  return (
    <div className="ev-camera">
      {state === "ready" || state === "taken" ? (
        <button type="button" className="button button--quiet" onClick={start}>
          {state === "taken" ? t("event.camera.again") : t("event.camera.use")}
        </button>
      ) : null}
      {state === "refused" ? (
        <p className="field-hint" role="status">
          {t("event.camera.refused", { field: t("event.selfie.label") })}
        </p>
      ) : null}
      {state === "previewing" ? (
        <>
          <video ref={video} className="ev-preview" playsInline muted aria-label={t("event.camera.preview")} />
          <button type="button" className="button" onClick={take}>
            {t("event.camera.take")}
          </button>
        </>
      ) : null}
      {state === "taken" && preview ? (
        <img className="ev-preview" src={preview} alt={t("event.camera.taken")} width={160} height={120} />
      ) : null}
    </div>
  );
}
