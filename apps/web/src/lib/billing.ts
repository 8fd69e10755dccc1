/** Leaves the app for an external page (checkout, portal); a function so tests can observe it. */
export function goToExternal(url: string) {
  window.location.assign(url);
}
