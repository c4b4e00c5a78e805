// The Bot Lab's editor: CodeMirror 6 (vendor/codemirror.js, bundled by the build from
// build_scripts/lab_editor.mjs). If it cannot load, a plain <textarea> with the same
// accessible name ("Bot code") does the job: the Lab never goes blank.

/** An editor in `parent`: {get(), set(text), markLine(n | null), focus(), kind}. */
export async function makeEditor(parent, { doc, onChange }) {
  try {
    const { createEditor } = await import("../../vendor/codemirror.js");
    const editor = createEditor(parent, { doc, label: "Bot code", onChange });
    parent.dataset.editor = "codemirror";
    return { ...editor, kind: "codemirror" };
  } catch (error) {
    console.warn(`The code editor did not load (${error.message}); using a plain text box.`);
    return plainEditor(parent, { doc, onChange });
  }
}

function plainEditor(parent, { doc, onChange }) {
  const area = document.createElement("textarea");
  area.className = "lab-textarea";
  area.setAttribute("aria-label", "Bot code");
  area.spellcheck = false;
  area.value = doc;
  area.addEventListener("input", onChange);
  parent.replaceChildren(area);
  parent.dataset.editor = "plain";
  return {
    kind: "plain",
    get: () => area.value,
    set(text) { area.value = text; },
    markLine(line) {
      if (!line) return;
      const lines = area.value.split("\n");
      const start = lines.slice(0, line - 1).join("\n").length + (line > 1 ? 1 : 0);
      area.setSelectionRange(start, start + (lines[line - 1] ?? "").length);
    },
    focus: () => area.focus(),
  };
}
