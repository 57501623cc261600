import { describe, expect, it } from 'vitest';
import { otherDocumentsLanguage, translationLanguage } from './translate-question.ts';

const english = { title: 'Annual Report 2023', opening: 'The Board of Governors of the Federal Reserve System and the year in review' };
const korean = { title: '코로나-19와 보험', opening: '코로나-19와 관련하여 생명보험 업계는 보험상품의 위험을 보장하는 금융상품으로' };
const arabic = { title: 'تحسين الإنتاجية وحل المشكلات', opening: 'علاوة على ذلك، توفر كل من R و Python مكتبات وأدوات غنية تدعم مجموعة واسعة من التطبيقات' };

describe('translationLanguage', () => {
  it('says a question in the language most of the documents are in when none is in its own', () => {
    expect(translationLanguage('de', [english, korean, english])).toBe('en');
    expect(translationLanguage('nl', [korean])).toBe('ko');
  });

  it('leaves a question in its own words when a document in reach is written in them', () => {
    expect(translationLanguage('ar', [english, english, arabic])).toBeUndefined();
    expect(translationLanguage('en', [english, korean])).toBeUndefined();
    expect(translationLanguage('de', [])).toBeUndefined();
  });
});

describe('otherDocumentsLanguage', () => {
  it('names the language most of the documents not in the question’s own are written in', () => {
    expect(otherDocumentsLanguage('ar', [english, arabic, korean, english])).toBe('en');
    expect(otherDocumentsLanguage('en', [english, korean])).toBe('ko');
    expect(otherDocumentsLanguage('ar', [arabic])).toBeUndefined();
  });
});
