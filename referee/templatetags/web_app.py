"""{% web_app_head %}: the icons, the manifest, the theme colour and what an iPhone's home screen
reads (apple-mobile-web-app-*) in a page's head."""

from django import template

from referee.web_app import NAME, THEME_COLOR

register = template.Library()


@register.inclusion_tag("includes/web_app_head.html")
def web_app_head():
    return {"theme_color": THEME_COLOR, "name": NAME}
