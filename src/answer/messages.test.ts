import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../text/detect-language.ts';
import { answerMessages } from './messages.ts';

describe('answerMessages', () => {
  it('says "not found" in Dutch to a Dutch question', () => {
    const language = detectLanguage('Hoeveel vakantiedagen krijgt een werknemer per jaar en wie keurt ze goed?');
    expect(language).toBe('nl');
    expect(answerMessages(language).notFound).toBe('Ik heb dit niet gevonden in de documenten die ik hier kan lezen.');
  });

  it('has every message in every language the question detector tells apart', () => {
    const questions = [
      'Wie viele Urlaubstage gibt es und wer genehmigt sie?',
      'Combien de jours de congé avons-nous et qui les approuve ?',
      '¿Cuántos días de vacaciones tenemos y quién los aprueba?',
      'Quanti giorni di ferie abbiamo e chi li approva nella azienda?',
      'Quantos dias de férias temos e quem os aprova na empresa?',
      'Hoeveel vakantiedagen zijn er en wie keurt ze goed?',
      '休暇は何日ありますか？',
      '휴가는 며칠입니까?',
      '我们有多少天假期？',
      'Сколько дней отпуска?',
      'كم عدد أيام الإجازة؟',
      'چند روز مرخصی داریم و چه کسی آن را تأیید می‌کند؟',
      'כמה ימי חופשה יש?',
      'Πόσες μέρες άδεια;',
      'มีวันลากี่วัน',
      'कितने दिन की छुट्टी है?',
    ];
    const english = answerMessages('en');
    for (const question of questions) {
      const language = detectLanguage(question);
      expect(language).not.toBe('en');
      const messages = answerMessages(language);
      for (const key of ['notFound', 'emptySpace', 'closest', 'extractive', 'modelDown', 'modelNotFound'] as const)
        expect(messages[key], `${language} ${key}`).not.toBe(english[key]);
      expect(messages.notMentioned('X')).not.toBe(english.notMentioned('X'));
    }
  });
});
