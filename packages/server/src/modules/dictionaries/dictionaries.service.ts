import type { Language } from '@oqu/contracts';
import { toDictionaryItem } from './dictionaries.presenter.js';
import type { DictionariesRepository, DictionaryKind } from './dictionaries.repository.js';

export class DictionariesService {
  constructor(private readonly repository: DictionariesRepository) {}

  async items(kind: DictionaryKind, language: Language) {
    const rows = await this.repository.items(kind);
    return rows.map((row) => toDictionaryItem(row, language));
  }
}
