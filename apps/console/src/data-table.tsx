import type { ReactNode } from "react";

/** A column's head; a column of counts is right-aligned so its digits line up. */
type Column = { label: string; numeric?: boolean };

/** A screen's table: its caption for screen readers, its column heads, and the rows it is given. */
export function DataTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: Column[];
  children: ReactNode;
}) {
  return (
    <div className="c-table-wrap">
      <table className="c-table">
        <caption className="c-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={column.numeric ? "c-number" : undefined}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
