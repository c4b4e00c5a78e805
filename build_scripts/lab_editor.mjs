// The Bot Lab's code editor: CodeMirror 6 with its Python language, bundled by build.py
// (esbuild, pinned in package.json) into dist/vendor/codemirror.js, a self-hosted ES
// module. web/app/lab/editor.js is its only user.
//
// Tab indents (indentWithTab); CodeMirror's own escape hatch keeps the keyboard free:
// Escape, then Tab (or Shift+Tab), moves the focus out of the editor.
//
// The editor lives in a shadow root: there CodeMirror's styles go into a constructed
// style sheet (adoptedStyleSheets) instead of a <style> element, which the site's policy
// (style-src 'self', no inline styles) would refuse. The page's CSS variables still reach
// it, so `theme` below follows the page's light and dark themes.
import { minimalSetup } from "codemirror";
import { python } from "@codemirror/lang-python";
import { indentWithTab } from "@codemirror/commands";
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { EditorState, StateEffect, StateField } from "@codemirror/state";
import { Decoration, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from "@codemirror/view";
import { tags } from "@lezer/highlight";

// Colours from the page's CSS variables (style.css), so both themes read well.
const highlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword, tags.operatorKeyword], color: "var(--code-keyword)", fontWeight: "600" },
  { tag: [tags.string, tags.special(tags.string)], color: "var(--code-string)" },
  { tag: [tags.comment, tags.lineComment], color: "var(--code-comment)", fontStyle: "italic" },
  { tag: [tags.number, tags.bool, tags.null], color: "var(--code-number)" },
  { tag: [tags.function(tags.definition(tags.variableName)), tags.definition(tags.className)], color: "var(--code-def)", fontWeight: "600" },
]);

const mono = 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace';
const theme = EditorView.theme({
  "&": { height: "100%", fontSize: "0.88rem", background: "var(--paper)", color: "var(--ink)" },
  ".cm-scroller": { fontFamily: mono, lineHeight: "1.5" },
  ".cm-content": { caretColor: "var(--ink)" },
  ".cm-gutters": { background: "var(--field)", color: "var(--muted)", borderRight: "2px solid var(--black)" },
  ".cm-activeLine": { background: "color-mix(in srgb, var(--field) 55%, transparent)" },
  ".cm-activeLineGutter": { background: "var(--field)", color: "var(--ink)" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--ink)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground": { background: "color-mix(in srgb, var(--blue) 30%, transparent)" },
  "&.cm-focused": { outline: "3px solid var(--focus)", outlineOffset: "2px" },
  ".cm-bot-error": { background: "var(--code-error)", boxShadow: "inset 4px 0 0 var(--red)" },
  ".cm-matchingBracket": { background: "color-mix(in srgb, var(--yellow) 45%, transparent)", color: "inherit" },
});

const setError = StateEffect.define();
const errorLine = Decoration.line({ class: "cm-bot-error", attributes: { "data-error-line": "true" } });

/** The highlighted line of the bot's last error (a line decoration), or none. */
const errorField = StateField.define({
  create: () => Decoration.none,
  update(deco, tr) {
    deco = deco.map(tr.changes);
    for (const effect of tr.effects) {
      if (effect.is(setError)) {
        const line = effect.value;
        deco = line && line <= tr.state.doc.lines
          ? Decoration.set([errorLine.range(tr.state.doc.line(line).from)]) : Decoration.none;
      }
    }
    return tr.docChanged ? Decoration.none : deco;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/**
 * An editor in `parent`: {view, get(), set(text), markLine(n | null), focus()}.
 * `label` is the accessible name of the editable area; `onChange()` runs after edits.
 */
export function createEditor(parent, { doc = "", label = "Bot code", onChange = () => {} } = {}) {
  const root = parent.shadowRoot ?? parent.attachShadow({ mode: "open" });
  const view = new EditorView({
    parent: root,
    root,
    state: EditorState.create({
      doc,
      extensions: [
        minimalSetup, // undo history, default keys, selection drawing, special characters
        lineNumbers(),
        highlightActiveLine(),
        highlightActiveLineGutter(),
        bracketMatching(),
        indentOnInput(),
        EditorView.lineWrapping,
        keymap.of([indentWithTab]),
        python(),
        syntaxHighlighting(highlight),
        theme,
        errorField,
        // tabindex: axe (scrollable-region-focusable) counts the scroller's contenteditable as
        // focusable only with it; a contenteditable is a Tab stop already, so none is added
        EditorView.contentAttributes.of({ "aria-label": label, tabindex: "0" }),
        EditorView.updateListener.of((update) => { if (update.docChanged) onChange(); }),
      ],
    }),
  });
  return {
    view,
    get: () => view.state.doc.toString(),
    set(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    markLine(line) {
      const effects = [setError.of(line || null)];
      if (line && line <= view.state.doc.lines) {
        effects.push(EditorView.scrollIntoView(view.state.doc.line(line).from, { y: "center" }));
      }
      view.dispatch({ effects });
    },
    focus: () => view.focus(),
  };
}
