import { describe, expect, it } from 'vitest';
import { EER_CHAPTERS_IT, EER_ENTRIES_IT, EER_SUB_CHAPTERS_IT } from './eer-it.ts';
import { EER_CODES, eerDescription, eerNeedsDescription, findEerCode, formatEerCode, normalizeEerCode, searchEerCodes } from './eer.ts';

describe('EER list', () => {
  it('holds the 842 entries of the reference data, 408 hazardous', () => {
    expect(EER_CODES).toHaveLength(842);
    expect(EER_CODES.filter((e) => e.hazardous)).toHaveLength(408);
    expect(new Set(EER_CODES.map((e) => e.code)).size).toBe(842);
  });

  it('gives every entry its English text and, in Italian, every chapter and the transcribed chapters whole', () => {
    expect(EER_CODES.every((e) => e.en.trim() !== '' && e.chapter.en !== '' && e.subChapter.en !== '')).toBe(true);
    expect(EER_CODES.every((e) => e.chapter.it)).toBe(true);
    expect(Object.keys(EER_CHAPTERS_IT)).toHaveLength(20);
    // Italian text only for codes of the list, each non-empty.
    const codes = new Set(EER_CODES.map((e) => e.code));
    expect(Object.keys(EER_ENTRIES_IT).filter((code) => !codes.has(code))).toEqual([]);
    expect(Object.keys(EER_SUB_CHAPTERS_IT).filter((sub) => !EER_CODES.some((e) => e.code.startsWith(sub)))).toEqual([]);
    expect(Object.values(EER_ENTRIES_IT).every((text) => text.trim() !== '')).toBe(true);
    // Chapters 15, 17 and 20 are transcribed whole; the others still show English (eer-it.ts says so).
    for (const chapter of ['15', '17', '20']) {
      const entries = EER_CODES.filter((e) => e.code.startsWith(chapter));
      expect(entries.filter((e) => !e.it || !e.subChapter.it).map((e) => e.code)).toEqual([]);
    }
    expect(EER_CODES.filter((e) => e.it)).toHaveLength(90);
    expect(EER_CODES.filter((e) => !e.it)).toHaveLength(752);
  });

  it('shows codes in pairs, hazardous ones with an asterisk, and stores them as 6 digits', () => {
    expect(formatEerCode('170504')).toBe('17 05 04');
    expect(formatEerCode('170503')).toBe('17 05 03*');
    expect(findEerCode('170503')?.display).toBe('17 05 03*');
    expect(normalizeEerCode('17 05 03*')).toBe('170503');
    expect(normalizeEerCode('17.05.04')).toBe('170504');
    expect(normalizeEerCode('1705')).toBeNull();
    expect(normalizeEerCode('17 05 0A')).toBeNull();
  });

  it('knows hazardous, mirror and 99 entries', () => {
    expect(findEerCode('170503')).toMatchObject({ hazardous: true, mirror: true });
    expect(findEerCode('170504')).toMatchObject({ hazardous: false, mirror: true });
    expect(findEerCode('170303')).toMatchObject({ hazardous: true, mirror: false });
    expect(findEerCode('999999')).toBeNull();
    expect(eerNeedsDescription('170999')).toBe(true);
    expect(eerNeedsDescription('170904')).toBe(false);
    expect(EER_CODES.filter((e) => eerNeedsDescription(e.code)).length).toBe(70);
  });

  it('describes in Italian where transcribed, in English otherwise', () => {
    const soil = findEerCode('170504')!;
    expect(eerDescription(soil, 'it')).toBe('terra e rocce, diverse da quelle di cui alla voce 17 05 03');
    expect(eerDescription(soil, 'en')).toBe('Soil and stones other than those mentioned in 17 05 03');
    const other = findEerCode('010101')!;
    expect(other.it).toBeNull();
    expect(eerDescription(other, 'it')).toBe(other.en);
  });

  it('searches Italian descriptions across singular and plural ("terre e rocce")', () => {
    expect(searchEerCodes('terre e rocce').map((e) => e.code)).toEqual(['170503', '170504', '200202']);
    expect(searchEerCodes('Terra e rocce contenenti').map((e) => e.code)).toEqual(['170503']);
  });

  it('finds Italian words of the official wording, in any order and number ("imballaggi misti")', () => {
    expect(searchEerCodes('imballaggi misti').map((e) => e.code)).toEqual(['150106']);
    expect(searchEerCodes('Imballaggio misto').map((e) => e.code)).toEqual(['150106']);
    expect(searchEerCodes('rifiuti urbani non differenziati').map((e) => e.code)).toEqual(['200301']);
    expect(searchEerCodes('imballaggi').map((e) => e.code)).toEqual(['150101', '150102', '150103', '150104', '150105', '150106', '150107', '150109', '150110', '150111']);
    expect(searchEerCodes('mixed packaging').map((e) => e.code)).toEqual(['150106']);
  });

  it('searches English descriptions and codes with or without spaces and asterisk', () => {
    expect(searchEerCodes('soil stones').map((e) => e.code)).toEqual(['170503', '170504', '200202']);
    expect(searchEerCodes('17 05 03*').map((e) => e.code)).toEqual(['170503']);
    expect(searchEerCodes('1705').map((e) => e.code)).toEqual(['170503', '170504', '170505', '170506', '170507', '170508']);
    expect(searchEerCodes('no such waste anywhere')).toEqual([]);
    expect(searchEerCodes('', 5)).toHaveLength(5);
  });
});
