/** Compile-time environment: locals (name -> slot) in nested blocks. */
import type { Type } from '../../expr/index.ts';

export interface LocalBinding {
  slot: number;
  type: Type;
  /** a `zone` parameter: the slot holds a zone handle (see runtime.ts `ZoneHandle`); read, it is the zone's cards */
  zone?: true;
  /** a `let`: a value the flow worked out from the state where it ran (a later `given` leaves it as it was) */
  computed?: true;
}

export class Env {
  private readonly names = new Map<string, LocalBinding>();
  constructor(private readonly parent?: Env) {}

  lookup(name: string): LocalBinding | undefined {
    return this.names.get(name) ?? this.parent?.lookup(name);
  }

  bind(name: string, binding: LocalBinding): void {
    this.names.set(name, binding);
  }

  child(): Env {
    return new Env(this);
  }

  allNames(): string[] {
    return [...this.names.keys(), ...(this.parent?.allNames() ?? [])];
  }
}
