import { describe, expect, it } from 'vitest';
import { fileNameMonthYears, monthYearsWritten } from './month-years.ts';

describe('monthYearsWritten', () => {
  it('reads a month with its year in English, German and Dutch, with or without the day', () => {
    expect([...monthYearsWritten('In the May 2018 political release')]).toEqual(['2018-05']);
    expect([...monthYearsWritten('the survey of April 25 - May 1, 2018')]).toEqual(['2018-05']);
    expect([...monthYearsWritten('Im Pew-Bericht vom 4. März 2021')]).toEqual(['2021-03']);
    expect([...monthYearsWritten('het Pew-rapport uit april 2021')]).toEqual(['2021-04']);
    expect([...monthYearsWritten('Sept. 2019 and Dez 2020')]).toEqual(['2019-09', '2020-12']);
  });

  it('reads no month from a word that is no month or stands without a year', () => {
    expect(monthYearsWritten('Prices may rise in 2021; the march 12 report')).toEqual(new Set());
    expect(monthYearsWritten('Report 2021')).toEqual(new Set());
  });
});

describe('fileNameMonthYears', () => {
  it('reads the date of a file name in the orders dates are written', () => {
    expect([...fileNameMonthYears('PP_2021.04.22_voting-access_REPORT.pdf')]).toEqual(['2021-04']);
    expect([...fileNameMonthYears('PG_20.07.30_U.S.-Views-China_final.pdf')]).toContain('2020-07');
    expect([...fileNameMonthYears('Pew-Research-Center_Hispanic-Identity-Report_12.20.2017.pdf')]).toEqual(['2017-12']);
    expect([...fileNameMonthYears('05-03-18-political-release.pdf')]).toContain('2018-05');
    expect([...fileNameMonthYears('PIP_Seniors-and-Tech-Use_040314.pdf')]).toEqual(['2014-04']);
    expect([...fileNameMonthYears('GPL-Brochure-Jul-2021.pdf')]).toEqual(['2021-07']);
  });

  it('reads no date from a year with a form number, a bare year or a digest', () => {
    expect(fileNameMonthYears('ACTIVISIONBLIZZARD_2019_10K.pdf')).toEqual(new Set());
    expect(fileNameMonthYears('NUS-Business-School-BBA-Brochure-2024.pdf')).toEqual(new Set());
    expect(fileNameMonthYears('f8d3a162ab9507e021d83dd109118b60.pdf')).toEqual(new Set());
  });
});
