// Placeholder while the reader is written.
