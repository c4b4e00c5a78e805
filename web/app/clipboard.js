// Copying a link or a text, where the Clipboard API is refused: a cross-origin frame without
// `allow="clipboard-write"`, an older browser. Then the old copy command on a hidden field
// (still allowed on a click, inside frames too), and if that fails the field on screen is
// selected and the note says how to copy it by hand, on a phone as on a desktop.

/** Copy `text`: true when it is on the clipboard. Call it from a click. */
export async function copyText(text) {
  // a frame whose page did not allow it: the API would only be refused (and log a violation)
  const policy = document.permissionsPolicy || document.featurePolicy;
  if (policy?.allowsFeature && !policy.allowsFeature("clipboard-write")) return copyByCommand(text);
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return copyByCommand(text);
  }
}

function copyByCommand(text) {
  const field = document.createElement("textarea");
  field.value = text;
  field.setAttribute("readonly", "");
  field.setAttribute("aria-hidden", "true");
  Object.assign(field.style, { position: "fixed", top: "0", left: "0", opacity: "0", pointerEvents: "none" });
  const focused = document.activeElement;
  document.body.append(field);
  field.select();
  field.setSelectionRange(0, text.length);
  let done = false;
  try {
    done = document.execCommand("copy");
  } catch {
    done = false;
  }
  field.remove();
  focused?.focus?.({ preventScroll: true });
  return done;
}

/** Select the whole text of the field `id` (a read-only input showing a link), for copying by hand. */
export function selectField(id) {
  const field = document.getElementById(id);
  if (!field) return;
  field.focus({ preventScroll: true });
  field.select();
  field.setSelectionRange(0, field.value.length);
}

/** What to do when neither way could copy: a touch screen's words or a keyboard's. */
export function copyByHand() {
  return window.matchMedia?.("(pointer: coarse)").matches
    ? "The frame may not copy: the link is selected, press and hold it, then Copy."
    : "The frame may not copy: the link is selected, press Ctrl+C (⌘C on a Mac).";
}
