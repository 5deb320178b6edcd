"""{% picker %}: the 52-card picker, rendered once per process."""

from django import template

from referee.picker import picker_html

register = template.Library()


@register.simple_tag
def picker():
    return picker_html()
