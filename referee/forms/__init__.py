"""The interface's forms: what people type, read and checked, errors in the engine's words."""
