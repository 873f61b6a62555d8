import { redirect } from "react-router";

/** /admin opens the admin dashboard (the layout's guard has already admitted the admin). */
export function loader() {
  return redirect("/admin/dashboard");
}
