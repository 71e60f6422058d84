import { describe, expect, it } from 'vitest';
import { EER_CHAPTERS_IT, EER_ENTRIES_IT, EER_SUB_CHAPTERS_IT } from './eer-it.ts';
import { EER_CODES, eerDescription, eerNeedsDescription, findEerCode, formatEerCode, normalizeEerCode, searchEerCodes } from './eer.ts';

describe('EER list', () => {
  it('holds the 842 entries of the reference data, 408 hazardous', () => {
    expect(EER_CODES).toHaveLength(842);
    expect(EER_CODES.filter((e) => e.hazardous)).toHaveLength(408);
    expect(new Set(EER_CODES.map((e) => e.code)).size).toBe(842);
  });

  it('gives every entry, chapter and sub-chapter its English and its Italian text', () => {
    expect(EER_CODES.every((e) => e.en.trim() !== '' && e.chapter.en !== '' && e.subChapter.en !== '')).toBe(true);
    expect(EER_CODES.filter((e) => !e.it?.trim() || !e.chapter.it?.trim() || !e.subChapter.it?.trim()).map((e) => e.code)).toEqual([]);
    expect(Object.keys(EER_CHAPTERS_IT)).toHaveLength(20);
    expect(Object.keys(EER_SUB_CHAPTERS_IT)).toHaveLength(111);
    expect(Object.keys(EER_ENTRIES_IT)).toHaveLength(842);
    // Italian text only for codes of the list, each trimmed and without the copy defects the source had
    // (an asterisk in the text, footnote digits after a word).
    const codes = new Set(EER_CODES.map((e) => e.code));
    expect(Object.keys(EER_ENTRIES_IT).filter((code) => !codes.has(code))).toEqual([]);
    expect(Object.keys(EER_SUB_CHAPTERS_IT).filter((sub) => !EER_CODES.some((e) => e.code.startsWith(sub)))).toEqual([]);
    const texts = [...Object.values(EER_ENTRIES_IT), ...Object.values(EER_SUB_CHAPTERS_IT), ...Object.values(EER_CHAPTERS_IT)];
    expect(texts.filter((text) => text !== text.trim() || /\s{2}|\*|[a-z] \d(?!\d)/.test(text))).toEqual([]);
  });

  it('cites, in Italian, the same codes as the English text of each entry', () => {
    const cited = (text: string) => [...new Set(text.match(/\b\d{2} \d{2}(?: \d{2})?\b/g) ?? [])].sort();
    expect(EER_CODES.filter((e) => cited(e.it).join() !== cited(e.en).join()).map((e) => e.code)).toEqual([]);
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

  it('describes in Italian or in English, as asked', () => {
    const soil = findEerCode('170504')!;
    expect(eerDescription(soil, 'it')).toBe('terra e rocce, diverse da quelle di cui alla voce 17 05 03');
    expect(eerDescription(soil, 'en')).toBe('Soil and stones other than those mentioned in 17 05 03');
    const mining = findEerCode('010101')!;
    expect(eerDescription(mining, 'it')).toBe('rifiuti da estrazione di minerali metalliferi');
    expect(eerDescription(mining, 'en')).toBe('Wastes from mineral metalliferous excavation');
    expect(mining.chapter.it).toBe('Rifiuti derivanti da prospezione, estrazione da miniera o cava, nonché dal trattamento fisico o chimico di minerali');
    expect(mining.subChapter.it).toBe('rifiuti da estrazione di minerali');
    expect(findEerCode('030105')!.it).toBe('segatura, trucioli, residui di taglio, legno, pannelli di truciolare e piallacci diversi da quelli di cui alla voce 03 01 04');
    // Repaired copy defects of the source (eer-it-sources.md).
    expect(findEerCode('190603')!.it).toBe('liquidi prodotti dal trattamento anaerobico di rifiuti urbani');
    expect(findEerCode('160213')!.it).toBe('apparecchiature fuori uso, contenenti componenti pericolosi diversi da quelli di cui alle voci 16 02 09 e 16 02 12');
    expect(findEerCode('060101')!.subChapter.it).toBe('rifiuti della produzione, formulazione, fornitura e uso di acidi');
  });

  it('searches Italian descriptions across singular and plural ("terre e rocce")', () => {
    expect(searchEerCodes('terre e rocce').map((e) => e.code)).toEqual(['170503', '170504', '200202']);
    expect(searchEerCodes('Terra e rocce contenenti').map((e) => e.code)).toEqual(['170503']);
  });

  it('finds Italian words of the official wording, in any order and number ("imballaggi misti")', () => {
    expect(searchEerCodes('imballaggi misti').map((e) => e.code)).toEqual(['150106']);
    expect(searchEerCodes('Imballaggio misto').map((e) => e.code)).toEqual(['150106']);
    expect(searchEerCodes('rifiuti urbani non differenziati').map((e) => e.code)).toEqual(['200301']);
    // 02 01 04 "rifiuti plastici (ad esclusione degli imballaggi)" names packaging too.
    expect(searchEerCodes('imballaggi').map((e) => e.code)).toEqual(['020104', '150101', '150102', '150103', '150104', '150105', '150106', '150107', '150109', '150110', '150111']);
    // "fanghi" (sludges) is Italian only: with Italian for chapters 15, 17, 20 only it found 1 code (20 03 04), now 116.
    expect(searchEerCodes('fanghi', 842)).toHaveLength(116);
    expect(searchEerCodes('fanghi', 1)[0]?.code).toBe('010309');
    expect(searchEerCodes('fanghi fosse settiche').map((e) => e.code)).toEqual(['200304']);
    expect(searchEerCodes('segatura trucioli').map((e) => e.code)).toEqual(['030104', '030105']);
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
