import { describe, expect, it } from 'vitest';
import { chartPartsReferenced, parseChartXml } from './office-charts.ts';

const strCache = (labels: string[]) =>
  `<c:strRef><c:f>Sheet1!$A$2</c:f><c:strCache><c:ptCount val="${labels.length}"/>${labels.map((label, index) => `<c:pt idx="${index}"><c:v>${label}</c:v></c:pt>`).join('')}</c:strCache></c:strRef>`;
const numCache = (values: Array<string | undefined>, formatCode = 'General') =>
  `<c:numRef><c:f>Sheet1!$B$2</c:f><c:numCache><c:formatCode>${formatCode}</c:formatCode><c:ptCount val="${values.length}"/>${values
    .map((value, index) => (value === undefined ? '' : `<c:pt idx="${index}"><c:v>${value}</c:v></c:pt>`))
    .join('')}</c:numCache></c:numRef>`;

function chartSpace(plot: string, title = ''): string {
  return `<?xml version="1.0"?><c:chartSpace xmlns:c="c" xmlns:a="a"><c:chart>${title}<c:autoTitleDeleted val="0"/><c:plotArea><c:layout/>${plot}<c:catAx/><c:valAx/></c:plotArea></c:chart></c:chartSpace>`;
}

describe('parseChartXml', () => {
  it('reads the title, categories and each series with its cached values as the chart shows them', () => {
    const xml = chartSpace(
      `<c:barChart><c:barDir val="col"/>
        <c:ser><c:idx val="0"/><c:tx>${strCache(['Fresh &amp; salt'])}</c:tx><c:cat>${strCache(['2019', '2020', '2021'])}</c:cat><c:val>${numCache(['4.4000000000000004', undefined, '12'])}</c:val></c:ser>
        <c:ser><c:idx val="1"/><c:tx>${strCache(['Share'])}</c:tx><c:cat>${strCache(['2019', '2020', '2021'])}</c:cat><c:val>${numCache(['0.25', '0.5', '1'], '0%')}</c:val></c:ser>
      </c:barChart>`,
      '<c:title><c:tx><c:rich><a:p><a:r><a:t>Ducks per</a:t></a:r><a:r><a:t> year</a:t></a:r></a:p></c:rich></c:tx></c:title>',
    );
    expect(parseChartXml(xml)).toEqual({
      title: 'Ducks per year',
      categories: ['2019', '2020', '2021'],
      series: [
        { name: 'Fresh & salt', values: ['4.4', '', '12'] },
        { name: 'Share', values: ['25%', '50%', '100%'] },
      ],
    });
  });

  it('reads a scatter chart by its x and y values, numbers the points of a chart without categories, and names unnamed series', () => {
    const scatter = chartSpace(
      `<c:scatterChart><c:ser><c:idx val="0"/><c:xVal>${numCache(['1', '2'])}</c:xVal><c:yVal>${numCache(['10', '20'])}</c:yVal></c:ser></c:scatterChart>`,
    );
    expect(parseChartXml(scatter)).toEqual({ categories: ['1', '2'], series: [{ name: 'Series 1', values: ['10', '20'] }] });
    const bare = chartSpace(`<c:lineChart><c:ser><c:idx val="0"/><c:val>${numCache(['3', '4', '5'])}</c:val></c:ser></c:lineChart>`);
    expect(parseChartXml(bare)).toEqual({ categories: ['1', '2', '3'], series: [{ name: 'Series 1', values: ['3', '4', '5'] }] });
  });

  it('has nothing for a chart without series', () => {
    expect(parseChartXml(chartSpace('<c:pieChart/>'))).toBeUndefined();
    expect(parseChartXml('<c:chartSpace/>')).toBeUndefined();
  });
});

describe('chartPartsReferenced', () => {
  it('resolves the chart relationships a part names, in the order it names them', () => {
    const relationships = `<Relationships>
      <Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slideLayout" Target="../slideLayouts/slideLayout1.xml"/>
      <Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart" Target="../charts/chart7.xml"/>
      <Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart" Target="/ppt/charts/chart2.xml"/>
    </Relationships>`;
    const slide =
      '<p:sld><a:graphicData><c:chart xmlns:c="c" xmlns:r="r" r:id="rId3"/></a:graphicData><a:graphicData><c:chart r:id="rId2"/></a:graphicData></p:sld>';
    expect(chartPartsReferenced(slide, relationships, 'ppt/slides/slide4.xml')).toEqual(['ppt/charts/chart2.xml', 'ppt/charts/chart7.xml']);
    expect(chartPartsReferenced('<w:document/>', relationships, 'word/document.xml')).toEqual([]);
  });
});
