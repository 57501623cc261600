/**
 * The parts of Docling's DoclingDocument (schema v1.x, as docling-serve returns it in
 * `document.json_content`) that Folio maps. Everything else in the document is ignored.
 * Item references are JSON pointers: `#/texts/12`, `#/tables/0`, `#/pictures/3`, `#/groups/2`.
 */
export interface DoclingDocument {
  schema_name?: string;
  version?: string;
  name?: string;
  body: DoclingNode;
  furniture?: DoclingNode;
  groups?: DoclingGroup[];
  texts?: DoclingText[];
  tables?: DoclingTable[];
  pictures?: DoclingPicture[];
  /** Keyed by page number as a string ("1"). */
  pages?: Record<string, { page_no: number; size: { width: number; height: number } }>;
}

export interface DoclingRef {
  $ref: string;
}

export interface DoclingNode {
  self_ref: string;
  children?: DoclingRef[];
  /** 'body' or 'furniture' (page headers and footers). */
  content_layer?: string;
}

export interface DoclingBoundingBox {
  l: number;
  t: number;
  r: number;
  b: number;
  /** Item boxes are usually BOTTOMLEFT (PDF space); table cell boxes TOPLEFT. */
  coord_origin?: 'BOTTOMLEFT' | 'TOPLEFT';
}

export interface DoclingProvenance {
  /** 1-based. */
  page_no: number;
  bbox: DoclingBoundingBox;
}

export interface DoclingGroup extends DoclingNode {
  /** 'list', 'ordered_list', 'inline', 'chapter', 'section', 'key_value_area', 'unspecified', ... */
  label: string;
  name?: string;
}

export interface DoclingText extends DoclingNode {
  /**
   * 'title', 'section_header', 'text', 'paragraph', 'list_item', 'caption', 'formula', 'code',
   * 'page_header', 'page_footer', 'footnote', 'reference', 'checkbox_selected', ...
   */
  label: string;
  text: string;
  orig?: string;
  prov?: DoclingProvenance[];
  /** section_header only: 1 = top. */
  level?: number;
  /** list_item only. */
  enumerated?: boolean;
  marker?: string;
}

export interface DoclingTableCell {
  text: string;
  start_row_offset_idx: number;
  end_row_offset_idx: number;
  start_col_offset_idx: number;
  end_col_offset_idx: number;
  column_header?: boolean;
}

export interface DoclingTable extends DoclingNode {
  /** 'table' or 'document_index' (a table of contents). */
  label: string;
  prov?: DoclingProvenance[];
  captions?: DoclingRef[];
  footnotes?: DoclingRef[];
  data?: {
    num_rows?: number;
    num_cols?: number;
    /** Row-major; a spanning cell appears in every slot it covers. */
    grid?: DoclingTableCell[][];
    table_cells?: DoclingTableCell[];
  };
}

export interface DoclingPicture extends DoclingNode {
  /** 'picture' or 'chart'. */
  label: string;
  prov?: DoclingProvenance[];
  captions?: DoclingRef[];
  footnotes?: DoclingRef[];
  /** Present only when the server was asked to embed images (include_images + image_export_mode=embedded). */
  image?: { mimetype?: string; dpi?: number; size?: { width: number; height: number }; uri?: string };
}
