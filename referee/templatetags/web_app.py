"""{% web_app_head %}: the icons, the manifest and the theme colour in a page's head."""

from django import template

from referee.views.web_app import THEME_COLOR

register = template.Library()


@register.inclusion_tag("includes/web_app_head.html")
def web_app_head():
    return {"theme_color": THEME_COLOR}
