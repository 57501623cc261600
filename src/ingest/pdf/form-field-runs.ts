import type { BoundingBox } from '../../documents/document-tree.ts';
import { verticalOverlap } from '../../documents/bounding-box.ts';
import type { PDFDocumentProxy, PDFPageProxy } from './open-pdf.ts';
import type { TextRun } from './page-content.ts';
import { median } from './tables/table-geometry.ts';

/** The parts of a pdf.js widget annotation this reads. */
interface WidgetAnnotation {
  subtype?: string;
  fieldType?: string;
  fieldValue?: unknown;
  rect?: number[];
  checkBox?: boolean;
  radioButton?: boolean;
  buttonValue?: string;
  hidden?: boolean;
}

/** Body text size for a value when the page has no text to take it from. */
const fallbackFontSize = 10;
/** How far (points) a field may stand from its label on the same line: a value right of it, a box left of it. */
const maxValueGapPt = 150;
const maxBoxGapPt = 40;

/**
 * What a filled PDF form says in its fields, as text runs where the fields are: the page's text layer
 * holds only the labels ("First Name"), the values ("Alice") live in the form's widgets. A text field's
 * value, a choice field's chosen options, and a check box or radio button as ☑ (on) or ☐ (off), set
 * in the page's body size. A field stands apart from its label (a value box to the right of "Name:", a
 * check box left of "I agree"), which the layout would read as two columns: a field on the line of a
 * label is moved up to it, a word space away, so the two read as one line ("Name: Alice", "☑ I
 * agree"). Empty and hidden fields and push buttons give nothing.
 */
export async function extractFormFieldRuns(page: PDFPageProxy, textRuns: readonly TextRun[]): Promise<TextRun[]> {
  const annotations = (await page.getAnnotations()) as WidgetAnnotation[];
  const widgets = annotations.filter(annotation => annotation.subtype === 'Widget' && !annotation.hidden && annotation.rect?.length === 4);
  if (widgets.length === 0) return [];
  const viewport = page.getViewport({ scale: 1 });
  const fontSize = medianFontSize(textRuns);
  const runs: TextRun[] = [];
  for (const widget of widgets) {
    const lines = fieldText(widget);
    if (lines.length === 0) continue;
    const [x1, y1, x2, y2] = viewport.convertToViewportRectangle(widget.rect!);
    const field = { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
    const isBox = widget.fieldType === 'Btn';
    const label = isBox ? labelRightOf(field, textRuns) : labelLeftOf(field, textRuns);
    const width = isBox ? fontSize : Math.max(field.width, 1);
    const space = fontSize / 4;
    // On a label's line: beside it. Elsewhere: at the top of the field, a line per line of the value.
    const x = label ? (isBox ? label.bbox.x - space - width : label.bbox.x + label.bbox.width + space) : field.x;
    const y = label ? label.bbox.y : field.y + Math.max(0, (Math.min(field.height, fontSize * 1.2 * lines.length) - fontSize * 1.2 * lines.length) / 2);
    const height = label ? label.bbox.height : fontSize;
    lines.forEach((line, index) => {
      runs.push({
        text: line,
        bbox: { x: round(x), y: round(y + index * fontSize * 1.2), width: round(width), height: round(height) },
        fontSize,
        fontName: 'form-field',
        bold: false,
        italic: false,
        endsLine: true,
      });
    });
  }
  return runs;
}

/** Whether a text run sits on the field's line: most of the shorter of the two heights overlaps. */
function onLineOf(field: BoundingBox, run: TextRun): boolean {
  return verticalOverlap(field, run.bbox) >= 0.5 * Math.min(field.height, run.bbox.height);
}

/** The nearest run on the field's line ending left of it ("Name:" before a text field). */
function labelLeftOf(field: BoundingBox, runs: readonly TextRun[]): TextRun | undefined {
  const gap = (run: TextRun) => field.x - (run.bbox.x + run.bbox.width);
  return runs.filter(run => onLineOf(field, run) && gap(run) >= -1 && gap(run) <= maxValueGapPt).sort((a, b) => gap(a) - gap(b))[0];
}

/** The nearest run on the field's line starting right of it ("I agree" after a check box). */
function labelRightOf(field: BoundingBox, runs: readonly TextRun[]): TextRun | undefined {
  const gap = (run: TextRun) => run.bbox.x - (field.x + field.width);
  return runs.filter(run => onLineOf(field, run) && gap(run) >= -1 && gap(run) <= maxBoxGapPt).sort((a, b) => gap(a) - gap(b))[0];
}

/**
 * Whether the document has a form (an AcroForm with fields). Asked once per document: reading a
 * page's annotations costs a round trip to pdf.js's worker (~3 ms a page), which pages of documents
 * without a form need not pay.
 */
export async function hasFormFields(pdf: PDFDocumentProxy): Promise<boolean> {
  return (await pdf.getFieldObjects().catch(() => null)) !== null;
}

/** The field's value as lines of text; none for an empty field or a push button. */
function fieldText(widget: WidgetAnnotation): string[] {
  const value = widget.fieldValue;
  if (widget.fieldType === 'Btn') {
    if (!widget.checkBox && !widget.radioButton) return [];
    const on = widget.radioButton ? value === widget.buttonValue : typeof value === 'string' && value !== '' && value !== 'Off';
    return [on ? '☑' : '☐'];
  }
  const texts = (Array.isArray(value) ? value : [value]).filter((entry): entry is string => typeof entry === 'string');
  return texts
    .flatMap(text => text.split(/\r\n|\r|\n/))
    .map(line => line.trim())
    .filter(Boolean);
}

function medianFontSize(runs: readonly TextRun[]): number {
  return runs.length === 0 ? fallbackFontSize : median(runs.map(run => run.fontSize));
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
