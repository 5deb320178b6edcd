"""``|isolate``: a name (a player's, an evening's, a season's) kept from turning the text
around it (engine.bidi). A built-in filter (settings.TEMPLATES), so every template has it:
print every name a person typed through it."""

from django import template

from engine.bidi import isolate as isolated

register = template.Library()


@register.filter(is_safe=True)
def isolate(name) -> str:
    """The name between FSI and PDI when it could reorder its sentence; as it is otherwise.
    Escaping is left to the template (it adds no markup)."""
    return isolated(str(name)) if name is not None else ""


@register.filter(is_safe=True)
def isolate_each(names) -> list[str]:
    """Each of the names isolated, for a join: ``{{ winners|isolate_each|join:" and " }}``."""
    return [isolate(name) for name in names]
