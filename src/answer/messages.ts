/**
 * The few fixed sentences the answer pipeline writes itself (no model involved), in every language
 * detect-language.ts tells apart; other languages (a planner may name any) get English. Generated
 * answers are in the question's language anyway.
 */
interface AnswerMessages {
  notFound: string;
  emptySpace: string;
  closest: string;
  extractive: string;
  modelDown: string;
  /** Leads the offline answer given instead of a model's "not found" when the passages plainly answer. */
  modelNotFound: string;
  /** Leads the quotes a model chose when it gave no short answer they bear out (answer-by-choosing.ts). */
  chosenQuotes: string;
  /** Why an offline answer is "not found" when the question names years no document in reach mentions. */
  notMentioned: (items: string) => string;
  /**
   * Said with "not found" when the closest documents are in another language than the question (its
   * name in the question's language): their words are not the question's, and asked in theirs it may be found.
   */
  otherLanguage: (language: string) => string;
}

const messages: Record<string, AnswerMessages> = {
  en: {
    notFound: 'I could not find this in the documents I can read here.',
    emptySpace: 'This space has no documents yet. Share a PDF, PowerPoint or Word file here, then ask again.',
    closest: 'The closest sections I found:',
    extractive: 'No language model is configured, so here are the most relevant sentences, quoted from the documents:',
    modelDown: 'The language model is unavailable right now, so here are the most relevant sentences, quoted from the documents:',
    modelNotFound: 'The language model found no answer that the documents bear out, but these passages of the documents look like one, quoted as they stand:',
    chosenQuotes: 'The passages of the documents that bear on this, quoted as they stand:',
    notMentioned: items => `The documents never mention ${items}.`,
    otherLanguage: language => `The closest documents are written in ${language}; asking in ${language} may find the answer.`,
  },
  de: {
    notFound: 'Dazu habe ich in den Dokumenten, die ich hier lesen kann, nichts gefunden.',
    emptySpace: 'Dieser Bereich enthält noch keine Dokumente. Teile hier eine PDF-, PowerPoint- oder Word-Datei und frage dann noch einmal.',
    closest: 'Die ähnlichsten Abschnitte:',
    extractive: 'Es ist kein Sprachmodell eingerichtet; hier sind die passendsten Sätze, wörtlich aus den Dokumenten:',
    modelDown: 'Das Sprachmodell ist gerade nicht erreichbar; hier sind die passendsten Sätze, wörtlich aus den Dokumenten:',
    modelNotFound: 'Das Sprachmodell hat keine Antwort gefunden, aber diese Stellen der Dokumente scheinen die Frage zu beantworten, wörtlich zitiert:',
    chosenQuotes: 'Die Stellen der Dokumente, die dazu etwas sagen, wörtlich zitiert:',
    notMentioned: items => `Die Dokumente erwähnen ${items} nirgends.`,
    otherLanguage: language => `Die nächstliegenden Dokumente sind auf ${language} geschrieben; auf ${language} gefragt, findet sich die Antwort vielleicht.`,
  },
  fr: {
    notFound: "Je n'ai pas trouvé cela dans les documents que je peux lire ici.",
    emptySpace: 'Cet espace ne contient encore aucun document. Partagez ici un fichier PDF, PowerPoint ou Word, puis reposez la question.',
    closest: 'Les sections les plus proches :',
    extractive: "Aucun modèle de langue n'est configuré ; voici les phrases les plus pertinentes, citées des documents :",
    modelDown: 'Le modèle de langue est indisponible pour le moment ; voici les phrases les plus pertinentes, citées des documents :',
    modelNotFound: "Le modèle de langue n'a pas trouvé de réponse, mais ces passages des documents semblent y répondre, cités tels quels :",
    chosenQuotes: 'Les passages des documents qui en parlent, cités tels quels :',
    notMentioned: items => `Les documents ne mentionnent jamais ${items}.`,
    otherLanguage: language => `Les documents les plus proches sont rédigés en ${language} ; posée en ${language}, la question trouvera peut-être la réponse.`,
  },
  es: {
    notFound: 'No encontré esto en los documentos que puedo leer aquí.',
    emptySpace: 'Este espacio aún no tiene documentos. Comparte aquí un archivo PDF, PowerPoint o Word y vuelve a preguntar.',
    closest: 'Las secciones más cercanas:',
    extractive: 'No hay ningún modelo de lenguaje configurado; estas son las frases más relevantes, citadas de los documentos:',
    modelDown: 'El modelo de lenguaje no está disponible ahora; estas son las frases más relevantes, citadas de los documentos:',
    modelNotFound: 'El modelo de lenguaje no encontró respuesta, pero estos pasajes de los documentos parecen responder, citados tal cual:',
    chosenQuotes: 'Los pasajes de los documentos que tratan de esto, citados tal cual:',
    notMentioned: items => `Los documentos nunca mencionan ${items}.`,
    otherLanguage: language => `Los documentos más cercanos están escritos en ${language}; si se pregunta en ${language}, quizá se encuentre la respuesta.`,
  },
  nl: {
    notFound: 'Ik heb dit niet gevonden in de documenten die ik hier kan lezen.',
    emptySpace: 'Deze ruimte heeft nog geen documenten. Deel hier een PDF-, PowerPoint- of Word-bestand en stel je vraag daarna opnieuw.',
    closest: 'De meest verwante secties die ik vond:',
    extractive: 'Er is geen taalmodel ingesteld; dit zijn de meest relevante zinnen, letterlijk uit de documenten:',
    modelDown: 'Het taalmodel is nu niet bereikbaar; dit zijn de meest relevante zinnen, letterlijk uit de documenten:',
    modelNotFound: 'Het taalmodel vond geen antwoord, maar deze passages uit de documenten lijken de vraag te beantwoorden, letterlijk geciteerd:',
    chosenQuotes: 'De passages uit de documenten die hierover gaan, letterlijk geciteerd:',
    notMentioned: items => `De documenten noemen ${items} nergens.`,
    otherLanguage: language =>
      `De meest verwante documenten zijn in het ${language} geschreven; in het ${language} gevraagd is het antwoord misschien te vinden.`,
  },
  it: {
    notFound: 'Non ho trovato questa informazione nei documenti che posso leggere qui.',
    emptySpace: 'Questo spazio non contiene ancora documenti. Condividi qui un file PDF, PowerPoint o Word, poi chiedi di nuovo.',
    closest: 'Le sezioni più vicine che ho trovato:',
    extractive: 'Nessun modello linguistico è configurato; ecco le frasi più pertinenti, citate dai documenti:',
    modelDown: 'Il modello linguistico non è disponibile al momento; ecco le frasi più pertinenti, citate dai documenti:',
    modelNotFound: 'Il modello linguistico non ha trovato una risposta, ma questi passaggi dei documenti sembrano rispondere, citati testualmente:',
    chosenQuotes: 'I passaggi dei documenti che ne parlano, citati testualmente:',
    notMentioned: items => `I documenti non menzionano mai ${items}.`,
    otherLanguage: language => `I documenti più vicini sono scritti in ${language}; chiedendo in ${language} forse si trova la risposta.`,
  },
  pt: {
    notFound: 'Não encontrei isto nos documentos que consigo ler aqui.',
    emptySpace: 'Este espaço ainda não tem documentos. Partilhe aqui um ficheiro PDF, PowerPoint ou Word e pergunte novamente.',
    closest: 'As secções mais próximas que encontrei:',
    extractive: 'Não há nenhum modelo de linguagem configurado; estas são as frases mais relevantes, citadas dos documentos:',
    modelDown: 'O modelo de linguagem está indisponível neste momento; estas são as frases mais relevantes, citadas dos documentos:',
    modelNotFound: 'O modelo de linguagem não encontrou resposta, mas estes excertos dos documentos parecem responder, citados tal como estão:',
    chosenQuotes: 'Os trechos dos documentos que tratam disto, citados tal como estão:',
    notMentioned: items => `Os documentos nunca mencionam ${items}.`,
    otherLanguage: language => `Os documentos mais próximos estão escritos em ${language}; perguntando em ${language}, talvez se encontre a resposta.`,
  },
  ja: {
    notFound: 'ここで読める文書の中には、この情報が見つかりませんでした。',
    emptySpace: 'このスペースにはまだ文書がありません。PDF、PowerPoint、Word のファイルをここで共有してから、もう一度質問してください。',
    closest: '最も近いセクション:',
    extractive: '言語モデルが設定されていないため、文書から最も関連性の高い文をそのまま引用します:',
    modelDown: '言語モデルは現在利用できないため、文書から最も関連性の高い文をそのまま引用します:',
    modelNotFound: '言語モデルは答えを見つけられませんでしたが、文書の次の箇所が答えているようです（原文のまま引用）:',
    chosenQuotes: 'この質問に関係する文書の箇所（原文のまま引用）：',
    notMentioned: items => `文書には ${items} についての記載がありません。`,
    otherLanguage: language => `最も近い文書は${language}で書かれています。${language}で質問すると答えが見つかるかもしれません。`,
  },
  ko: {
    notFound: '여기에서 읽을 수 있는 문서에서 이 내용을 찾지 못했습니다.',
    emptySpace: '이 공간에는 아직 문서가 없습니다. 여기에 PDF, PowerPoint 또는 Word 파일을 공유한 뒤 다시 질문해 주세요.',
    closest: '가장 가까운 섹션:',
    extractive: '언어 모델이 설정되어 있지 않아, 문서에서 가장 관련성 높은 문장을 그대로 인용합니다:',
    modelDown: '지금은 언어 모델을 사용할 수 없어, 문서에서 가장 관련성 높은 문장을 그대로 인용합니다:',
    modelNotFound: '언어 모델은 답을 찾지 못했지만, 문서의 다음 부분이 답하는 것으로 보입니다(원문 그대로 인용):',
    chosenQuotes: '이 질문과 관련된 문서의 구절(원문 그대로 인용):',
    notMentioned: items => `문서에는 ${items}에 대한 언급이 없습니다.`,
    otherLanguage: language => `가장 가까운 문서는 ${language}로 작성되어 있습니다. ${language}로 질문하면 답을 찾을 수도 있습니다.`,
  },
  zh: {
    notFound: '在我这里能读取的文档中没有找到相关内容。',
    emptySpace: '此空间还没有文档。请在这里分享 PDF、PowerPoint 或 Word 文件，然后再提问。',
    closest: '最接近的章节：',
    extractive: '未配置语言模型，以下是从文档中原文引用的最相关的句子：',
    modelDown: '语言模型目前不可用，以下是从文档中原文引用的最相关的句子：',
    modelNotFound: '语言模型没有找到答案，但文档中的以下段落似乎回答了这个问题（原文引用）：',
    chosenQuotes: '文档中与此相关的段落（原文引用）：',
    notMentioned: items => `文档中从未提到 ${items}。`,
    otherLanguage: language => `最相关的文档是用${language}写的；用${language}提问也许能找到答案。`,
  },
  ru: {
    notFound: 'Я не нашёл этого в документах, которые могу здесь прочитать.',
    emptySpace: 'В этом пространстве ещё нет документов. Поделитесь здесь файлом PDF, PowerPoint или Word и спросите снова.',
    closest: 'Ближайшие разделы:',
    extractive: 'Языковая модель не настроена, поэтому вот самые подходящие предложения, дословно из документов:',
    modelDown: 'Языковая модель сейчас недоступна, поэтому вот самые подходящие предложения, дословно из документов:',
    modelNotFound: 'Языковая модель не нашла ответа, но эти фрагменты документов, похоже, отвечают на вопрос (цитаты без изменений):',
    chosenQuotes: 'Фрагменты документов, относящиеся к вопросу, дословно:',
    notMentioned: items => `В документах нигде не упоминается ${items}.`,
    otherLanguage: language => `Ближайшие документы написаны на другом языке (${language}); вопрос на этом языке, возможно, найдёт ответ.`,
  },
  ar: {
    notFound: 'لم أجد هذا في المستندات التي يمكنني قراءتها هنا.',
    emptySpace: 'لا توجد مستندات في هذه المساحة بعد. شارك هنا ملف PDF أو PowerPoint أو Word، ثم اسأل مرة أخرى.',
    closest: 'أقرب الأقسام التي وجدتها:',
    extractive: 'لم يتم إعداد نموذج لغوي، لذا إليك أكثر الجمل صلة، مقتبسة حرفيًا من المستندات:',
    modelDown: 'النموذج اللغوي غير متاح الآن، لذا إليك أكثر الجمل صلة، مقتبسة حرفيًا من المستندات:',
    modelNotFound: 'لم يجد النموذج اللغوي إجابة، لكن هذه المقاطع من المستندات تبدو أنها تجيب، مقتبسة كما هي:',
    chosenQuotes: 'مقاطع من المستندات تتعلق بهذا السؤال، مقتبسة كما هي:',
    notMentioned: items => `لا تذكر المستندات ${items} في أي موضع.`,
    otherLanguage: language => `أقرب المستندات مكتوبة باللغة ${language}؛ قد يجد السؤال الإجابة إذا طُرح بهذه اللغة.`,
  },
  fa: {
    notFound: 'این را در اسنادی که اینجا می‌توانم بخوانم پیدا نکردم.',
    emptySpace: 'این فضا هنوز سندی ندارد. یک فایل PDF، PowerPoint یا Word را اینجا به اشتراک بگذارید و دوباره بپرسید.',
    closest: 'نزدیک‌ترین بخش‌هایی که پیدا کردم:',
    extractive: 'هیچ مدل زبانی تنظیم نشده است؛ پس این‌ها مرتبط‌ترین جمله‌ها هستند، عیناً نقل‌شده از اسناد:',
    modelDown: 'مدل زبانی اکنون در دسترس نیست؛ پس این‌ها مرتبط‌ترین جمله‌ها هستند، عیناً نقل‌شده از اسناد:',
    modelNotFound: 'مدل زبانی پاسخی نیافت که اسناد آن را تأیید کنند، اما این بخش‌های اسناد پاسخ به نظر می‌رسند، عیناً نقل‌شده:',
    chosenQuotes: 'بخش‌هایی از اسناد که به این پرسش مربوط‌اند، عیناً نقل‌شده:',
    notMentioned: items => `اسناد هیچ‌جا از ${items} نام نمی‌برند.`,
    otherLanguage: language => `نزدیک‌ترین اسناد به زبان ${language} نوشته شده‌اند؛ اگر به ${language} بپرسید، شاید پاسخ پیدا شود.`,
  },
  he: {
    notFound: 'לא מצאתי את זה במסמכים שאני יכול לקרוא כאן.',
    emptySpace: 'אין עדיין מסמכים במרחב הזה. שתפו כאן קובץ PDF,‏ PowerPoint או Word ושאלו שוב.',
    closest: 'הסעיפים הקרובים ביותר שמצאתי:',
    extractive: 'לא הוגדר מודל שפה, ולכן הנה המשפטים הרלוונטיים ביותר, מצוטטים מהמסמכים:',
    modelDown: 'מודל השפה אינו זמין כרגע, ולכן הנה המשפטים הרלוונטיים ביותר, מצוטטים מהמסמכים:',
    modelNotFound: 'מודל השפה לא מצא תשובה, אבל נראה שהקטעים הבאים מהמסמכים עונים על השאלה (מצוטטים כלשונם):',
    chosenQuotes: 'קטעים מהמסמכים הנוגעים לשאלה, מצוטטים כלשונם:',
    notMentioned: items => `המסמכים אינם מזכירים את ${items} בשום מקום.`,
    otherLanguage: language => `המסמכים הקרובים ביותר כתובים ב${language}; ייתכן ששאלה ב${language} תמצא את התשובה.`,
  },
  el: {
    notFound: 'Δεν το βρήκα στα έγγραφα που μπορώ να διαβάσω εδώ.',
    emptySpace: 'Αυτός ο χώρος δεν έχει ακόμη έγγραφα. Μοιραστείτε εδώ ένα αρχείο PDF, PowerPoint ή Word και ρωτήστε ξανά.',
    closest: 'Οι πιο κοντινές ενότητες που βρήκα:',
    extractive: 'Δεν έχει ρυθμιστεί γλωσσικό μοντέλο· ακολουθούν οι πιο σχετικές προτάσεις, αυτούσιες από τα έγγραφα:',
    modelDown: 'Το γλωσσικό μοντέλο δεν είναι διαθέσιμο αυτή τη στιγμή· ακολουθούν οι πιο σχετικές προτάσεις, αυτούσιες από τα έγγραφα:',
    modelNotFound: 'Το γλωσσικό μοντέλο δεν βρήκε απάντηση, αλλά αυτά τα αποσπάσματα των εγγράφων φαίνεται να απαντούν (αυτούσια):',
    chosenQuotes: 'Τα αποσπάσματα των εγγράφων που αφορούν την ερώτηση, αυτούσια:',
    notMentioned: items => `Τα έγγραφα δεν αναφέρουν πουθενά ${items}.`,
    otherLanguage: language => `Τα πλησιέστερα έγγραφα είναι γραμμένα σε άλλη γλώσσα (${language})· αν ρωτήσετε σε αυτή τη γλώσσα, ίσως βρεθεί η απάντηση.`,
  },
  th: {
    notFound: 'ไม่พบข้อมูลนี้ในเอกสารที่ฉันอ่านได้ที่นี่',
    emptySpace: 'พื้นที่นี้ยังไม่มีเอกสาร แชร์ไฟล์ PDF, PowerPoint หรือ Word ที่นี่ แล้วถามอีกครั้ง',
    closest: 'ส่วนที่ใกล้เคียงที่สุดที่พบ:',
    extractive: 'ไม่ได้ตั้งค่าโมเดลภาษา นี่คือประโยคที่เกี่ยวข้องที่สุด ยกมาจากเอกสารตามต้นฉบับ:',
    modelDown: 'ขณะนี้โมเดลภาษาใช้งานไม่ได้ นี่คือประโยคที่เกี่ยวข้องที่สุด ยกมาจากเอกสารตามต้นฉบับ:',
    modelNotFound: 'โมเดลภาษาไม่พบคำตอบ แต่ข้อความต่อไปนี้จากเอกสารดูเหมือนจะตอบคำถามได้ (ยกมาตามต้นฉบับ):',
    chosenQuotes: 'ข้อความจากเอกสารที่เกี่ยวข้องกับคำถามนี้ ยกมาตามต้นฉบับ:',
    notMentioned: items => `เอกสารไม่ได้กล่าวถึง ${items} เลย`,
    otherLanguage: language => `เอกสารที่ใกล้เคียงที่สุดเขียนเป็นภาษา${language} ถ้าถามเป็นภาษา${language} อาจพบคำตอบ`,
  },
  hi: {
    notFound: 'जो दस्तावेज़ मैं यहाँ पढ़ सकता हूँ, उनमें यह जानकारी नहीं मिली।',
    emptySpace: 'इस स्पेस में अभी कोई दस्तावेज़ नहीं है। यहाँ PDF, PowerPoint या Word फ़ाइल साझा करें, फिर दोबारा पूछें।',
    closest: 'सबसे नज़दीकी खंड:',
    extractive: 'कोई भाषा मॉडल सेट नहीं है, इसलिए दस्तावेज़ों से सबसे प्रासंगिक वाक्य ज्यों के त्यों उद्धृत हैं:',
    modelDown: 'भाषा मॉडल अभी उपलब्ध नहीं है, इसलिए दस्तावेज़ों से सबसे प्रासंगिक वाक्य ज्यों के त्यों उद्धृत हैं:',
    modelNotFound: 'भाषा मॉडल को उत्तर नहीं मिला, लेकिन दस्तावेज़ों के ये अंश उत्तर देते लगते हैं (ज्यों के त्यों उद्धृत):',
    chosenQuotes: 'दस्तावेज़ों के वे अंश जो इस प्रश्न से जुड़े हैं, जैसे के तैसे उद्धृत:',
    notMentioned: items => `दस्तावेज़ों में ${items} का कहीं उल्लेख नहीं है।`,
    otherLanguage: language => `सबसे नज़दीकी दस्तावेज़ ${language} में लिखे हैं; ${language} में पूछने पर शायद उत्तर मिल जाए।`,
  },
};

export function answerMessages(language: string): AnswerMessages {
  return messages[language] ?? messages.en;
}
