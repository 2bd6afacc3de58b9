// The shoot form's shapes, shared by the server (validation) and the form component.
// Each visitor-facing text has an optional Tamil version beside it (issue 33).
export const SHOOT_FIELDS = [
  "title",
  "titleTa",
  "location",
  "locationTa",
  "description",
  "descriptionTa",
  "collectionId",
] as const;
export type ShootField = (typeof SHOOT_FIELDS)[number];
export type ShootFormValues = Record<ShootField, string>;
export type FieldErrors = Partial<Record<ShootField, string>>;

/** An empty form: a new shoot's. */
export const EMPTY_SHOOT_VALUES: ShootFormValues = {
  title: "",
  titleTa: "",
  location: "",
  locationTa: "",
  description: "",
  descriptionTa: "",
  collectionId: "",
};
