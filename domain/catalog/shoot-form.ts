// The shoot form's shapes, shared by the server (validation) and the form component.
export const SHOOT_FIELDS = ["title", "location", "description", "collectionId"] as const;
export type ShootField = (typeof SHOOT_FIELDS)[number];
export type ShootFormValues = Record<ShootField, string>;
export type FieldErrors = Partial<Record<ShootField, string>>;
