import type { ConversationPlace } from '../spaces/conversation-space.ts';
import type { ChatText } from './chat-text.ts';

/**
 * What Folio says when a conversation has nothing to answer from yet (or the asker must wait), in the
 * Latin-script languages detect-language.ts tells apart (others get English). File names stay parts of
 * their own, so every surface writes them in its own bold and escaping.
 */
interface ConversationMessages {
  /** "in this channel", "in our conversation": where the question was asked. */
  here: Record<ConversationPlace, string>;
  noDocuments: (here: string) => ChatText;
  /** `names`: the documents' names as documentNames gives them. */
  unreadable: (names: ChatText, here: string) => ChatText;
  stillReading: (names: ChatText) => ChatText;
  /** The answer used the documents that are ready. */
  readingNote: (names: ChatText) => ChatText;
  /** The asker reached the space's `limit` questions per minute; the next is answered in `seconds`. */
  rateLimited: (limit: number, here: string, seconds: number) => ChatText;
  /** The documents the question was focused on did not answer it; the answer comes from `found`. */
  widened: (focused: ChatText, found: ChatText) => ChatText;
}

const count = (amount: number, one: string, many: string) => `${amount} ${amount === 1 ? one : many}`;

const messages: Record<string, ConversationMessages> = {
  en: {
    here: { channel: 'in this channel', direct: 'in our conversation', team: 'shared with the whole team', web: 'in this space' },
    noDocuments: here => [
      `There are no documents ${here} yet, so I have nothing to answer from. Share a PDF, PowerPoint or Word file ${here}; once I have read it (a few seconds to a few minutes), ask again.`,
    ],
    unreadable: (names, here) => [
      `I could not read any of the documents ${here} (`,
      ...names,
      '), so I have nothing to answer from. Share a readable copy (the document list says what went wrong), then ask again.',
    ],
    stillReading: names => ['I am still reading ', ...names, '. Ask me again once it is ready: I say so where it was shared.'],
    readingNote: names => ['Still reading ', ...names, '; this answer uses the documents that are ready.'],
    rateLimited: (limit, here, seconds) => [
      `You have asked ${count(limit, 'question', 'questions')} ${here} this minute, the most one person may ask per minute here. You can ask again in ${count(seconds, 'second', 'seconds')}.`,
    ],
    widened: (focused, found) => ['Not in ', ...focused, '; found in ', ...found, '.'],
  },
  de: {
    here: { channel: 'in diesem Kanal', direct: 'in unserer Unterhaltung', team: 'für das ganze Team', web: 'in diesem Bereich' },
    noDocuments: here => [
      `Es gibt ${here} noch keine Dokumente, aus denen ich antworten könnte. Teile ${here} eine PDF-, PowerPoint- oder Word-Datei; sobald ich sie gelesen habe (Sekunden bis wenige Minuten), frage noch einmal.`,
    ],
    unreadable: (names, here) => [
      `Ich konnte keines der Dokumente ${here} lesen (`,
      ...names,
      '), daher kann ich nichts beantworten. Teile eine lesbare Kopie (die Dokumentliste nennt den Fehler) und frage dann noch einmal.',
    ],
    stillReading: names => ['Ich lese noch ', ...names, '. Frage noch einmal, sobald das Dokument bereit ist: Ich melde es dort, wo es geteilt wurde.'],
    readingNote: names => [...names, ' wird noch gelesen; diese Antwort nutzt die Dokumente, die schon bereit sind.'],
    rateLimited: (limit, here, seconds) => [
      `Du hast ${here} in dieser Minute schon ${count(limit, 'Frage', 'Fragen')} gestellt, mehr sind hier pro Person und Minute nicht erlaubt. Du kannst in ${count(seconds, 'Sekunde', 'Sekunden')} wieder fragen.`,
    ],
    widened: (focused, found) => ['Nicht in ', ...focused, '; gefunden in ', ...found, '.'],
  },
  fr: {
    here: { channel: 'dans ce canal', direct: 'dans notre conversation', team: "partagé avec toute l'équipe", web: 'dans cet espace' },
    noDocuments: here => [
      `Il n'y a encore aucun document ${here}, je n'ai donc rien pour répondre. Partagez un fichier PDF, PowerPoint ou Word ${here} ; une fois lu (de quelques secondes à quelques minutes), reposez la question.`,
    ],
    unreadable: (names, here) => [
      `Je n'ai pu lire aucun des documents ${here} (`,
      ...names,
      "), je n'ai donc rien pour répondre. Partagez une copie lisible (la liste des documents indique le problème), puis reposez la question.",
    ],
    stillReading: names => ['Je lis encore ', ...names, '. Reposez la question quand ce sera prêt : je le signale là où le fichier a été partagé.'],
    readingNote: names => ['Lecture de ', ...names, ' en cours ; cette réponse utilise les documents déjà prêts.'],
    rateLimited: (limit, here, seconds) => [
      `Vous avez déjà posé ${count(limit, 'question', 'questions')} ${here} cette minute, le maximum par personne et par minute ici. Vous pourrez reposer une question dans ${count(seconds, 'seconde', 'secondes')}.`,
    ],
    widened: (focused, found) => ['Pas dans ', ...focused, ' ; trouvé dans ', ...found, '.'],
  },
  es: {
    here: { channel: 'en este canal', direct: 'en nuestra conversación', team: 'compartido con todo el equipo', web: 'en este espacio' },
    noDocuments: here => [
      `Todavía no hay documentos ${here}, así que no tengo de dónde responder. Comparte un archivo PDF, PowerPoint o Word ${here}; cuando lo haya leído (de segundos a pocos minutos), vuelve a preguntar.`,
    ],
    unreadable: (names, here) => [
      `No pude leer ninguno de los documentos ${here} (`,
      ...names,
      '), así que no tengo de dónde responder. Comparte una copia legible (la lista de documentos dice qué falló) y vuelve a preguntar.',
    ],
    stillReading: names => ['Todavía estoy leyendo ', ...names, '. Vuelve a preguntar cuando esté listo: lo aviso donde se compartió.'],
    readingNote: names => ['Todavía estoy leyendo ', ...names, '; esta respuesta usa los documentos que ya están listos.'],
    rateLimited: (limit, here, seconds) => [
      `Ya has hecho ${count(limit, 'pregunta', 'preguntas')} ${here} en este minuto, el máximo por persona y minuto aquí. Puedes volver a preguntar en ${count(seconds, 'segundo', 'segundos')}.`,
    ],
    widened: (focused, found) => ['No está en ', ...focused, '; lo encontré en ', ...found, '.'],
  },
  nl: {
    here: { channel: 'in dit kanaal', direct: 'in ons gesprek', team: 'gedeeld met het hele team', web: 'in deze ruimte' },
    noDocuments: here => [
      `Er zijn ${here} nog geen documenten, dus ik heb niets om uit te antwoorden. Deel ${here} een PDF-, PowerPoint- of Word-bestand; zodra ik het gelezen heb (enkele seconden tot enkele minuten), stel je vraag opnieuw.`,
    ],
    unreadable: (names, here) => [
      `Ik kon geen van de documenten ${here} lezen (`,
      ...names,
      '), dus ik heb niets om uit te antwoorden. Deel een leesbare kopie (de documentenlijst zegt wat er misging) en stel je vraag daarna opnieuw.',
    ],
    stillReading: names => ['Ik ben ', ...names, ' nog aan het lezen. Stel je vraag opnieuw zodra het klaar is: ik meld het waar het gedeeld is.'],
    readingNote: names => [...names, ' wordt nog gelezen; dit antwoord gebruikt de documenten die al klaar zijn.'],
    rateLimited: (limit, here, seconds) => [
      `Je hebt ${here} deze minuut al ${count(limit, 'vraag', 'vragen')} gesteld, het maximum per persoon per minuut hier. Je kunt over ${count(seconds, 'seconde', 'seconden')} weer een vraag stellen.`,
    ],
    widened: (focused, found) => ['Niet in ', ...focused, '; gevonden in ', ...found, '.'],
  },
  it: {
    here: { channel: 'in questo canale', direct: 'nella nostra conversazione', team: 'condiviso con tutto il team', web: 'in questo spazio' },
    noDocuments: here => [
      `Non ci sono ancora documenti ${here}, quindi non ho nulla da cui rispondere. Condividi un file PDF, PowerPoint o Word ${here}; quando l'avrò letto (da pochi secondi a qualche minuto), chiedi di nuovo.`,
    ],
    unreadable: (names, here) => [
      `Non sono riuscito a leggere nessuno dei documenti ${here} (`,
      ...names,
      '), quindi non ho nulla da cui rispondere. Condividi una copia leggibile (l’elenco dei documenti indica il problema), poi chiedi di nuovo.',
    ],
    stillReading: names => ['Sto ancora leggendo ', ...names, '. Chiedi di nuovo quando sarà pronto: lo segnalo dove è stato condiviso.'],
    readingNote: names => ['Sto ancora leggendo ', ...names, '; questa risposta usa i documenti già pronti.'],
    rateLimited: (limit, here, seconds) => [
      `Hai già fatto ${count(limit, 'domanda', 'domande')} ${here} in questo minuto, il massimo per persona al minuto qui. Potrai chiedere di nuovo tra ${count(seconds, 'secondo', 'secondi')}.`,
    ],
    widened: (focused, found) => ['Non è in ', ...focused, '; trovato in ', ...found, '.'],
  },
  pt: {
    here: { channel: 'neste canal', direct: 'na nossa conversa', team: 'partilhado com toda a equipa', web: 'neste espaço' },
    noDocuments: here => [
      `Ainda não há documentos ${here}, por isso não tenho de onde responder. Partilhe um ficheiro PDF, PowerPoint ou Word ${here}; depois de o ler (de segundos a poucos minutos), pergunte novamente.`,
    ],
    unreadable: (names, here) => [
      `Não consegui ler nenhum dos documentos ${here} (`,
      ...names,
      '), por isso não tenho de onde responder. Partilhe uma cópia legível (a lista de documentos diz o que falhou) e pergunte novamente.',
    ],
    stillReading: names => ['Ainda estou a ler ', ...names, '. Pergunte novamente quando estiver pronto: aviso onde foi partilhado.'],
    readingNote: names => ['Ainda estou a ler ', ...names, '; esta resposta usa os documentos que já estão prontos.'],
    rateLimited: (limit, here, seconds) => [
      `Já fez ${count(limit, 'pergunta', 'perguntas')} ${here} neste minuto, o máximo por pessoa e por minuto aqui. Pode perguntar novamente dentro de ${count(seconds, 'segundo', 'segundos')}.`,
    ],
    widened: (focused, found) => ['Não está em ', ...focused, '; encontrado em ', ...found, '.'],
  },
};

export function conversationMessages(language: string): ConversationMessages {
  return messages[language] ?? messages.en;
}
