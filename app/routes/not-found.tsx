// Any path that matches no page: a real 404, rendered by the root error boundary.
import { data } from "react-router";

export function loader() {
  throw data({ what: "page" }, { status: 404 });
}

export default function NotFound() {
  return null;
}
