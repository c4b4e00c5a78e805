// The start screen's form and the Settings dialog's fields: submit, inputs, changes, and the
// import file picker, as intents.

/** Turn the form's events into intents for `dispatch`. */
export function bindForm(dispatch) {
  document.addEventListener("submit", (ev) => {
    if (ev.target.dataset.form !== "setup") return;
    ev.preventDefault();
    dispatch({ type: "start" });
  });
  const field = (ev) => {
    const el = ev.target;
    const a = el.dataset?.action;
    if (!a) return;
    const seat = Number(el.dataset.seat);
    if (a === "players" && el.checked) dispatch({ type: "players", value: Number(el.value) });
    else if (a === "seat-name") dispatch({ type: "seat-name", seat, value: el.value });
    else if (a === "seat-controller") dispatch({ type: "seat-controller", seat, value: el.value });
    else if (a === "seat-color") dispatch({ type: "seat-color", seat, slot: Number(el.dataset.slot), value: el.value });
    else if (a === "opt-rotations") dispatch({ type: "opt-rotations", value: el.checked });
    else if (a === "opt-first") dispatch({ type: "opt-first", value: Number(el.value) });
    else if (a === "opt-seed") dispatch({ type: "opt-seed", value: el.value });
    else if (a === "speed") dispatch({ type: "speed", value: el.value });
    else if (a === "setting-theme" && el.checked) dispatch({ type: "setting-theme", value: el.value });
    else if (a === "setting-colour-blind") dispatch({ type: "setting-colour-blind", value: el.checked });
    else if (a === "setting-keep-finished") dispatch({ type: "setting-keep-finished", value: el.value === "all" ? "all" : Number(el.value) });
  };
  document.addEventListener("input", field);
  document.addEventListener("change", (ev) => {
    if (ev.target.id === "import-file") {
      const file = ev.target.files?.[0];
      ev.target.value = "";
      if (file) dispatch({ type: "import-file", file });
      return;
    }
    if (ev.target.type !== "text") field(ev);
  });
}
