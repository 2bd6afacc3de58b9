// /admin: straight on to the shoots (see ADMIN_HOME for why it is not this URL).
import { redirect } from "react-router";
import { ADMIN_HOME } from "#domain/auth/shared.ts";

export function loader() {
  return redirect(ADMIN_HOME);
}
