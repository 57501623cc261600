/** Turns text into vectors. Output order matches input order. */
export interface EmbeddingModel {
  /** "provider:model"; used for logs and to tell vectors of different models apart. */
  readonly id: string;
  /** Length of every vector it returns. */
  readonly dimensions: number;
  /** Callers split larger inputs; implementations never split. */
  readonly maxBatchSize: number;
  /** `task` lets asymmetric models embed queries and documents differently. */
  embed(texts: string[], options: { task: 'document' | 'query'; signal?: AbortSignal }): Promise<number[][]>;
}
