-- Nothing reads a transmission by its message id: replies and queries name the invoice's own row. The id is
-- made by the node from a random UUID v4 (shared/domain: MTDiep), so the unique index only guarded against a
-- collision that cannot happen, and cost every invoice a write at a random page of a million-entry index:
-- about a ninth of the pages an invoice's commit wrote at 1 M invoices.
DROP INDEX `transmissions_message_id_unique`;