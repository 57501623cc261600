/**
 * What a question calls a document of some kind: "the report on independents", "die Pew-Studie …",
 * "de handleiding van …", "their 10-K", "the French invoice", "the Pew piece on independents" (a "trim
 * piece" is none; en, de, nl, fr, es; folded). German and Dutch join the word to
 * what it is about ("Jahresbericht", "jaarverslag"), so theirs count at a word's end too. "The document"
 * says no kind.
 */
export const documentKindWords =
  /\b(?:report|study|survey|poll|paper|article|piece (?:on|about)|write-?up|white ?paper|fact ?sheet|newsletter|explainer|briefing|guide|guidebook|manual|handbook|brochure|booklet|leaflet|prospectus|catalog(?:ue)?|10-?k|filing|docs|documentation|deck|presentation|invoice|receipt|minutes|agreement|policy|spreadsheet|workbook|datasheet|thesis|etude|enquete|manuel|facture|recu|contrat|classeur|informe|estudio|encuesta|guia|folleto|articulo|factura)\b|(?:bericht|studie|umfrage|handbuch|anleitung|broschure|prospekt|rechnung|quittung|protokoll|tabellenblatt|arbeitsmappe|leitfaden|merkblatt|rapport|verslag|handleiding|handboek|nieuwsbrief|onderzoek|gids|peiling|factuur|notulen|overeenkomst|werkblad)\b/u;

/**
 * Words for a document that say no kind, or none that documentKindWords tells a question by ("the
 * document", "de tekst", "die Folien", "the slides", "the German application", "the Dutch meeting notes",
 * "the French overtime table"; folded).
 */
export const plainDocumentWords =
  /\b(?:document|doc|text|file|pdf|slides?|memo|form|letter|contract|questionnaire|version|translation|original|application|notes|table|poster|certificate|dokument|datei|folien|fassung|vertrag|fragebogen|antrag|formular|tabelle|notizen|aushang|zertifikat|tekst|bestand|dia|dias|versie|vertaling|vragenlijst|aanvraag|formulier|tabel|aantekeningen|certificaat|texte|fichier|formulaire|tableau|affiche|certificat|documento|texto)\b/u;
