/**
 * Titles that name a position or a file rather than content: "Slide 3", "Page 4", "Untitled",
 * "Folie 2", "report_final.pptx". Exporters write them into outlines when a slide or page has no
 * title; as section titles they would only hide the real ones.
 */
const positional = /^(slide|page|folie|diapositive|diapositiva|sheet|untitled|untitled document|no title|bookmark)\s*[-–#:]?\s*\d*$/i;
const fileName = /\.(pdf|pptx?|docx?|odt|odp|ods|xlsx?|rtf|key|pages)$/i;

export function isGenericTitle(title: string): boolean {
  const text = title.replace(/\s+/g, ' ').trim();
  if (text === '' || /^[\d\s.\-–]+$/.test(text)) return true;
  return positional.test(text) || fileName.test(text);
}
