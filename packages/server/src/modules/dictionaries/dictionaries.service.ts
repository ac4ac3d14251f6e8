import type { Language } from '@oqu/contracts';
import { toDictionaryItem } from './dictionaries.presenter.js';
import type { DictionariesRepository } from './dictionaries.repository.js';

export class DictionariesService {
  constructor(private readonly repository: DictionariesRepository) {}

  async items(kind: 'topic_type' | 'edu_type', language: Language) {
    const rows = await this.repository.items(kind);
    return rows.map((row) => toDictionaryItem(row, language));
  }
}
