"""The interface's views, one module per screen."""
