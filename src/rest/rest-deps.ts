import type { MikroORM } from '@mikro-orm/postgresql';
import type { Services } from '../services.js';

export interface RestDeps {
  orm: MikroORM;
  services: Services;
}
