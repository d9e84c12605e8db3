import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Budget {
  /** `max`: the figure must be at most the limit; `min`: at least. */
  kind: 'max' | 'min';
  limit: number;
}

export interface Figure {
  section: string;
  name: string;
  value: number | null;
  unit: string;
  budget?: Budget;
  note?: string;
  met?: boolean;
}

const UNIT_DIGITS: Record<string, number> = {
  HTTP: 0,
  code: 0,
  count: 0,
  '/s': 1,
  KB: 1,
  ms: 0,
  s: 2,
  'req/s': 0,
  'msg/s': 0,
  x: 2,
  'of 100': 0,
  '': 3,
};

function format(value: number | null, unit: string): string {
  if (value === null) return 'n/a';
  const digits = UNIT_DIGITS[unit] ?? 1;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })}${unit ? ` ${unit}` : ''}`;
}

export interface TableRow {
  name: string;
  unit: string;
  /** One value per column, in the columns' order. */
  values: (number | null)[];
  budget?: Budget;
}

/** A table's column: its name, or a column the rows' budgets do not apply to (a baseline, a ratio). */
export type TableColumn = string | { name: string; budgeted: false; unit?: string };

const limitText = (budget: Budget, unit: string) =>
  `${budget.kind === 'max' ? '≤' : '≥'} ${format(budget.limit, unit)}`;
const verdictText = (figure: Figure) => (figure.value === null ? '✗ not measured' : figure.met ? '✓ met' : '✗ MISSED');

/** Prints each figure as it is measured, beside its budget, and keeps them all for the JSON file and the tally. */
export class Report {
  readonly figures: Figure[] = [];
  readonly notes: string[] = [];
  private section = '';

  begin(section: string): void {
    this.section = section;
    console.log(`\n== ${section}`);
  }

  note(text: string): void {
    this.notes.push(`${this.section}: ${text}`);
    console.log(`   (${text})`);
  }

  add(name: string, value: number | null, unit: string, budget?: Budget, note?: string): Figure {
    const figure = this.record(name, value, unit, budget, note);
    const verdict = budget ? `${limitText(budget, unit)}  ${verdictText(figure)}` : '';
    console.log(`   ${name.padEnd(58)} ${format(value, unit).padStart(14)}   ${verdict}${note ? `  (${note})` : ''}`);
    return figure;
  }

  /**
   * Figures side by side: one row per measure, one column per subject (a page, say), each cell with its verdict
   * where the row's budget applies to its column, and the row's budget at the end. Each cell is kept as the figure
   * `<title>: <column>: <row>` (`<column>: <row>` without a title); the title heads the rows' names.
   */
  table(columns: TableColumn[], rows: TableRow[], title?: string): void {
    const specs = columns.map((column) =>
      typeof column === 'string' ? { name: column, budgeted: true, unit: undefined } : column,
    );
    const cells = rows.map((row) =>
      specs.map((column, index) => {
        const unit = column.unit ?? row.unit;
        const budget = column.budgeted ? row.budget : undefined;
        const name = `${title ? `${title}: ` : ''}${column.name}: ${row.name}`;
        const figure = this.record(name, row.values[index] ?? null, unit, budget);
        return `${format(figure.value, unit)}${budget ? ` ${verdictText(figure)}` : ''}`;
      }),
    );
    const width =
      Math.max(...specs.map((column) => column.name.length), ...cells.flat().map((cell) => cell.length)) + 3;
    const nameWidth = Math.max(title?.length ?? 0, ...rows.map((row) => row.name.length)) + 2;
    console.log(
      `   ${(title ?? '').padEnd(nameWidth)}${specs.map((column) => column.name.padStart(width)).join('')}   budget`,
    );
    rows.forEach((row, index) => {
      const budget = row.budget ? limitText(row.budget, row.unit) : '';
      console.log(
        `   ${row.name.padEnd(nameWidth)}${cells[index]!.map((cell) => cell.padStart(width)).join('')}   ${budget}`,
      );
    });
  }

  private record(name: string, value: number | null, unit: string, budget?: Budget, note?: string): Figure {
    const met =
      budget && value !== null ? (budget.kind === 'max' ? value <= budget.limit : value >= budget.limit) : undefined;
    const figure: Figure = { section: this.section, name, value, unit, budget, note, met };
    this.figures.push(figure);
    return figure;
  }

  tally(): { met: number; missed: number } {
    const budgeted = this.figures.filter((figure) => figure.budget);
    const met = budgeted.filter((figure) => figure.met === true).length;
    return { met, missed: budgeted.length - met };
  }

  async write(dir: string, meta: Record<string, unknown>): Promise<string> {
    await mkdir(dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(dir, `bench-${stamp}.json`);
    const body = JSON.stringify(
      { ...meta, at: new Date().toISOString(), ...this.tally(), figures: this.figures, notes: this.notes },
      null,
      2,
    );
    await writeFile(file, body);
    await writeFile(path.join(dir, 'latest.json'), body);
    return file;
  }
}

export const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const percentile = (values: number[], p: number): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export const kb = (bytes: number) => bytes / 1024;
