import { OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { uuidv7 } from '../common/ids.js';

/** id (UUID v7) and timestamps shared by every stored record. */
export abstract class BaseEntity<Optional = never> {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | Optional;

  @PrimaryKey({ type: 'uuid' })
  id: string = uuidv7();

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
