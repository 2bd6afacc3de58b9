// Any other /admin URL, for a signed-in owner: the admin's own 404.
import { data } from "react-router";

export function loader() {
  throw data("There is nothing at this address in the admin.", { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
