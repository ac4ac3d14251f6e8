import type { RetakesService } from '../retakes/retakes.service.js';
import type { AttemptsRepository } from './attempts.repository.js';

export class AttemptsService {
  constructor(
    private readonly repository: AttemptsRepository,
    private readonly retakes: RetakesService,
  ) {}
}
