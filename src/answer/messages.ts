/**
 * The few fixed sentences the answer pipeline writes itself (no model involved), in the languages teams
 * ask in most; other languages get English. Generated answers are in the question's language anyway.
 */
interface AnswerMessages {
  notFound: string;
  emptySpace: string;
  closest: string;
  extractive: string;
  modelDown: string;
  /** Why an offline answer is "not found" when the question names years no document in reach mentions. */
  notMentioned: (items: string) => string;
}

const messages: Record<string, AnswerMessages> = {
  en: {
    notFound: "I could not find this in the documents I can read here.",
    emptySpace: 'This space has no documents yet. Share a PDF, PowerPoint or Word file here, then ask again.',
    closest: 'The closest sections I found:',
    extractive: 'No language model is configured, so here are the most relevant sentences, quoted from the documents:',
    modelDown: 'The language model is unavailable right now, so here are the most relevant sentences, quoted from the documents:',
    notMentioned: items => `The documents never mention ${items}.`,
  },
  de: {
    notFound: 'Dazu habe ich in den Dokumenten, die ich hier lesen kann, nichts gefunden.',
    emptySpace: 'Dieser Bereich enthält noch keine Dokumente. Teile hier eine PDF-, PowerPoint- oder Word-Datei und frage dann noch einmal.',
    closest: 'Die ähnlichsten Abschnitte:',
    extractive: 'Es ist kein Sprachmodell eingerichtet; hier sind die passendsten Sätze, wörtlich aus den Dokumenten:',
    modelDown: 'Das Sprachmodell ist gerade nicht erreichbar; hier sind die passendsten Sätze, wörtlich aus den Dokumenten:',
    notMentioned: items => `Die Dokumente erwähnen ${items} nirgends.`,
  },
  fr: {
    notFound: "Je n'ai pas trouvé cela dans les documents que je peux lire ici.",
    emptySpace: "Cet espace ne contient encore aucun document. Partagez ici un fichier PDF, PowerPoint ou Word, puis reposez la question.",
    closest: 'Les sections les plus proches :',
    extractive: "Aucun modèle de langue n'est configuré ; voici les phrases les plus pertinentes, citées des documents :",
    modelDown: "Le modèle de langue est indisponible pour le moment ; voici les phrases les plus pertinentes, citées des documents :",
    notMentioned: items => `Les documents ne mentionnent jamais ${items}.`,
  },
  es: {
    notFound: 'No encontré esto en los documentos que puedo leer aquí.',
    emptySpace: 'Este espacio aún no tiene documentos. Comparte aquí un archivo PDF, PowerPoint o Word y vuelve a preguntar.',
    closest: 'Las secciones más cercanas:',
    extractive: 'No hay ningún modelo de lenguaje configurado; estas son las frases más relevantes, citadas de los documentos:',
    modelDown: 'El modelo de lenguaje no está disponible ahora; estas son las frases más relevantes, citadas de los documentos:',
    notMentioned: items => `Los documentos nunca mencionan ${items}.`,
  },
};

export function answerMessages(language: string): AnswerMessages {
  return messages[language] ?? messages.en;
}

/** English name of a language code, for the answer prompt ("answer in German"). */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
