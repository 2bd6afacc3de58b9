// "Move earlier" and "Move later" for one item of an ordered admin list (stories, collections,
// banner slides): a plain form post with intent up/down, so ordering works from the keyboard
// and before JavaScript loads. The item's name is read out after the verb. Other actions on
// the same item (children) go in the same form.
import type { ReactNode } from "react";
import { Form } from "react-router";
import { CsrfField } from "./csrf-field.tsx";

export function MoveButtons({
  id,
  index,
  count,
  itemLabel,
  earlierText = "Move earlier",
  laterText = "Move later",
  children,
}: {
  id: number;
  index: number;
  count: number;
  /** What a screen reader hears after the verb, e.g. the story's title. */
  itemLabel: string;
  earlierText?: string;
  laterText?: string;
  children?: ReactNode;
}) {
  return (
    <Form method="post" className="admin-actions">
      <CsrfField />
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="intent" value="up" className="button" disabled={index === 0}>
        {earlierText}
        <span className="visually-hidden"> {itemLabel}</span>
      </button>
      <button type="submit" name="intent" value="down" className="button" disabled={index === count - 1}>
        {laterText}
        <span className="visually-hidden"> {itemLabel}</span>
      </button>
      {children}
    </Form>
  );
}
