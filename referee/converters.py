"""The shape of a share or seat token in a URL (``secrets.token_urlsafe``'s alphabet, short):
anything else is no route at all, a 404 before any view or database reads it (a NUL byte
or 100 KB in a link never reaches a query)."""

from django.urls import register_converter


class TokenConverter:
    regex = r"[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TokenConverter, "token")
