#include "perfgate/reports/svg_plot.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace perfgate::svg {
namespace {

TEST(SvgScale, LinearMapsEndsAndMiddle) {
  const Scale x = linear_scale(0, 10, 100, 200);
  EXPECT_DOUBLE_EQ(x.at(0), 100);
  EXPECT_DOUBLE_EQ(x.at(10), 200);
  EXPECT_DOUBLE_EQ(x.at(2.5), 125);
  const Scale y = linear_scale(0, 10, 300, 100);  // a y axis grows downwards
  EXPECT_DOUBLE_EQ(y.at(10), 100);
  EXPECT_DOUBLE_EQ(y.at(5), 200);
}

TEST(SvgScale, LogMapsDecadesEvenly) {
  const Scale x = log_scale(1, 1000, 0, 300);
  EXPECT_DOUBLE_EQ(x.at(1), 0);
  EXPECT_NEAR(x.at(10), 100, 1e-9);
  EXPECT_NEAR(x.at(100), 200, 1e-9);
  EXPECT_THROW(log_scale(0, 10, 0, 1), std::invalid_argument);
  EXPECT_THROW(log_scale(-1, 10, 0, 1), std::invalid_argument);
}

TEST(SvgScale, EmptySpanIsWidenedSoOneValueHasAPlace) {
  const Scale x = linear_scale(5, 5, 0, 100);
  EXPECT_LT(x.lo, 5);
  EXPECT_GT(x.hi, 5);
  EXPECT_DOUBLE_EQ(x.at(5), 50);
  const Scale zero = linear_scale(0, 0, 0, 100);
  EXPECT_DOUBLE_EQ(zero.at(0), 50);
  const Scale l = log_scale(100, 100, 0, 100);
  EXPECT_NEAR(l.at(100), 50, 1e-9);
}

TEST(SvgTicks, LinearTicksAreRoundAndInside) {
  EXPECT_EQ(linear_ticks(0, 10, 5), (std::vector<double>{0, 2, 4, 6, 8, 10}));
  EXPECT_EQ(linear_ticks(-3, 7, 5), (std::vector<double>{-2, 0, 2, 4, 6}));
  const auto small = linear_ticks(0.001, 0.0042, 3);
  ASSERT_FALSE(small.empty());
  for (const double t : small) EXPECT_TRUE(t >= 0.001 && t <= 0.0042) << t;
  EXPECT_TRUE(linear_ticks(1, 1).empty());
}

TEST(SvgTicks, LogTicksArePowersOfTenElse125) {
  EXPECT_EQ(log_ticks(0.5, 2000), (std::vector<double>{1, 10, 100, 1000}));
  EXPECT_EQ(log_ticks(0.8, 6), (std::vector<double>{1, 2, 5}));
  EXPECT_TRUE(log_ticks(0, 10).empty());
}

TEST(SvgText, CoordinatesAreShortAndLocaleFree) {
  EXPECT_EQ(coordinate(12.5), "12.5");
  EXPECT_EQ(coordinate(3.0), "3");
  EXPECT_EQ(coordinate(-0.001), "0");
  EXPECT_EQ(coordinate(1.23456), "1.23");
  EXPECT_EQ(coordinate(std::nan("")), "0");
}

TEST(SvgText, SiLabels) {
  EXPECT_EQ(si_label(1.5e12), "1.5T");
  EXPECT_EQ(si_label(0.002), "2m");
  EXPECT_EQ(si_label(40), "40");
  EXPECT_EQ(si_label(3.35e12), "3.35T");
  EXPECT_EQ(si_label(0), "0");
}

TEST(SvgAxis, TicksLandWhereTheScaleSaysAndLabelsAreEscaped) {
  const Scale x = linear_scale(0, 10, 100, 200);
  const std::string axis = x_axis(x, {0, 5, 10}, 0, 50, [](double v) { return v == 5 ? std::string("<5>") : "n"; }, "a & b");
  EXPECT_NE(axis.find("x1=\"150\" x2=\"150\""), std::string::npos) << axis;
  EXPECT_NE(axis.find("&lt;5&gt;"), std::string::npos);
  EXPECT_NE(axis.find("a &amp; b"), std::string::npos);
  const Scale y = linear_scale(0, 10, 300, 100);
  EXPECT_NE(y_axis(y, {5}, 10, 90, [](double) { return std::string("5"); }, "t").find("y1=\"200\" y2=\"200\""), std::string::npos);
}

}  // namespace
}  // namespace perfgate::svg

namespace perfgate::svg {
namespace {

TEST(SvgPlot, PaddingWidensEachSideAndOpensAPointDomain) {
  const Domain d = padded_domain(1.0, 2.0, 0.05);
  EXPECT_DOUBLE_EQ(d.lo, 0.95);
  EXPECT_DOUBLE_EQ(d.hi, 2.05);
  const Domain point = padded_domain(2e-3, 2e-3, 0.05);
  EXPECT_NEAR(point.lo, 1.9e-3, 1e-15);
  EXPECT_NEAR(point.hi, 2.1e-3, 1e-15);
  const Domain zero = padded_domain(0.0, 0.0, 0.05);
  EXPECT_LT(zero.lo, 0.0);
  EXPECT_GT(zero.hi, 0.0);
}

TEST(SvgPlot, AScaleIsCalledLikeAFunction) {
  const Scale y = linear_scale(1e-3, 2e-3, 280.0, 12.0);  // pixels grow downwards
  EXPECT_DOUBLE_EQ(y(1e-3), 280.0);
  EXPECT_DOUBLE_EQ(y(2e-3), 12.0);
  EXPECT_DOUBLE_EQ(y(1.5e-3), y.at(1.5e-3));
}

}  // namespace
}  // namespace perfgate::svg
