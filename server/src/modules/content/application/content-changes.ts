import { Injectable } from '@nestjs/common';

export type ContentChangeListener = (resource: string) => void;

/** Tells whoever keeps a copy of content (the storefront's index.html) that a resource was written. */
@Injectable()
export class ContentChanges {
  private readonly listeners = new Set<ContentChangeListener>();

  on(listener: ContentChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(resource: string): void {
    for (const listener of this.listeners) listener(resource);
  }
}
