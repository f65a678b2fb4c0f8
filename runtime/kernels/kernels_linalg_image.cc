// Linear algebra, image and convolution-variant kernels, each computed as TensorFlow's CPU
// kernel does so the numbers agree to float tolerance:
// - batched matrix ops over [..., M, N] (row-major matrices, as TF's Eigen kernels):
//   MatrixInverse / MatrixSolve / MatrixDeterminant / LogMatrixDeterminant (PartialPivLU),
//   Cholesky (LLT), MatrixTriangularSolve, Qr (HouseholderQR), Svd (BDCSVD),
//   SelfAdjointEigV2, MatrixBandPart, MatrixDiag / MatrixDiagPart / MatrixSetDiag (and their
//   V3 forms of TF2 graphs, main diagonal only);
// - images (NHWC): ResizeBilinear / ResizeNearestNeighbor and their gradients (TF's legacy,
//   align_corners and half-pixel-center coordinate rules), SpaceToDepth / DepthToSpace, LRN
//   and LRNGrad, MaxPoolWithArgmax and MaxPoolGradWithArgmax, ExtractImagePatches;
// - DepthwiseConv2dNative and its two backprops (direct window walks).
// Registered through RegisterLinalgImageKernels; op definitions are in
// ops/op_defs_linalg_image.cc and gradients in python/tensorflow/_impl/linalg_image.py.
#include <Eigen/Cholesky>
#include <Eigen/Core>
#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <Eigen/QR>
#include <Eigen/SVD>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "runtime/kernels/dispatch.h"
#include "runtime/kernels/kernel.h"
#include "runtime/kernels/window.h"

namespace tfm::rt {

namespace {

template <typename T>
using Mat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <typename T>
using MapC = Eigen::Map<const Mat<T>>;
template <typename T>
using MapM = Eigen::Map<Mat<T>>;

std::string Dims(const Shape& s) { return ShapeString(s); }

// [..., M, N]: the batch size and the matrix dimensions.
Status MatrixDims(const std::string& op, const Tensor& t, int64_t* batch, int64_t* m, int64_t* n) {
  if (t.dims() < 2)
    return InvalidArgument(op + ": input must have rank >= 2, got " + Dims(t.shape()));
  *m = t.dim(static_cast<int>(t.dims() - 2));
  *n = t.dim(static_cast<int>(t.dims() - 1));
  // (with empty matrices the batch may pass int64: it saturates, and loops over empty
  // matrices stop at once)
  *batch = DimsProduct(t.shape(), 0, t.shape().size() - 2);
  return Status::Ok();
}

Status SquareDims(const std::string& op, const Tensor& t, int64_t* batch, int64_t* n) {
  int64_t m;
  TFM_RETURN_IF_ERROR(MatrixDims(op, t, batch, &m, n));
  if (m != *n)
    return InvalidArgument("Input matrix must be square, got " + std::to_string(m) + " x " + std::to_string(*n) +
                           " in " + op);
  return Status::Ok();
}

template <template <typename> class K>
Status ByFloat(KernelContext& c, DType dt) {
  switch (dt) {
    case DType::kFloat: return K<float>::Run(c);
    case DType::kDouble: return K<double>::Run(c);
    default: return InvalidArgument(c.op + ": only float32 and float64 are supported by the bundled runtime");
  }
}

// ---------------------------------------------------------------- inverse, solve, determinant
template <typename T>
struct InverseOp {
  static Status Run(KernelContext& c) {
    const Tensor& x = c.inputs[0];
    int64_t batch, n;
    TFM_RETURN_IF_ERROR(SquareDims(c.op, x, &batch, &n));
    bool adjoint = GetBoolAttr(*c.attrs, "adjoint", false);
    Tensor out = Tensor::Alloc(x.dtype(), x.shape());
    for (int64_t b = 0; b < batch && n > 0; ++b) {
      MapC<T> a(x.data<T>() + b * n * n, n, n);
      Eigen::PartialPivLU<Mat<T>> lu(n);
      if (adjoint) lu.compute(a.adjoint());
      else lu.compute(a);
      if (!(lu.matrixLU().diagonal().cwiseAbs().minCoeff() > T(0))) return InvalidArgument("Input is not invertible.");
      MapM<T>(out.data<T>() + b * n * n, n, n).noalias() = lu.inverse();
    }
    c.outputs = {out};
    return Status::Ok();
  }
};

// Broadcast batch dimensions of two [..., M, N] operands: index of each operand's matrix
// for every output matrix.
// With `empty` matrices only the batch shape is made (it may pass any tensor).
Status BroadcastBatch(const Shape& a, const Shape& b, bool empty, Shape* batch, std::vector<int64_t>* ia,
                      std::vector<int64_t>* ib) {
  Shape ba(a.begin(), a.end() - 2), bb(b.begin(), b.end() - 2);
  TFM_RETURN_IF_ERROR(BroadcastShapes(ba, bb, batch));
  const int64_t total = empty ? 0 : NumElements(*batch);
  size_t r = batch->size();
  ia->assign(static_cast<size_t>(total), 0);
  ib->assign(static_cast<size_t>(total), 0);
  std::vector<int64_t> idx(r, 0);
  for (int64_t i = 0; i < total; ++i) {
    int64_t oa = 0, ob = 0;
    for (size_t d = 0; d < r; ++d) {
      size_t offa = r - ba.size(), offb = r - bb.size();
      if (d >= offa) oa = oa * ba[d - offa] + (ba[d - offa] == 1 ? 0 : idx[d]);
      if (d >= offb) ob = ob * bb[d - offb] + (bb[d - offb] == 1 ? 0 : idx[d]);
    }
    (*ia)[i] = oa, (*ib)[i] = ob;
    for (size_t d = r; d-- > 0;) {
      if (++idx[d] < (*batch)[d]) break;
      idx[d] = 0;
    }
  }
  return Status::Ok();
}

template <typename T>
struct SolveOp {
  static Status Run(KernelContext& c) {
    const Tensor& a = c.inputs[0];
    const Tensor& rhs = c.inputs[1];
    int64_t ba, n, bb, rm, k;
    TFM_RETURN_IF_ERROR(SquareDims(c.op, a, &ba, &n));
    TFM_RETURN_IF_ERROR(MatrixDims(c.op, rhs, &bb, &rm, &k));
    if (rm != n)
      return InvalidArgument("Input matrix and right-hand side must have the same number of rows: " + std::to_string(n) +
                             " vs. " + std::to_string(rm));
    bool adjoint = GetBoolAttr(*c.attrs, "adjoint", false);
    bool triangular = c.op == "MatrixTriangularSolve";
    bool lower = GetBoolAttr(*c.attrs, "lower", true);
    Shape batch;
    std::vector<int64_t> ia, ib;
    if (c.op == "MatrixSolve") {
      if (a.shape().size() != rhs.shape().size() || !std::equal(a.shape().begin(), a.shape().end() - 2, rhs.shape().begin()))
        return InvalidArgument("Input matrix and right-hand side must have the same batch dimensions: " + Dims(a.shape()) +
                               " vs. " + Dims(rhs.shape()));
    }
    TFM_RETURN_IF_ERROR(BroadcastBatch(a.shape(), rhs.shape(), n == 0 || k == 0, &batch, &ia, &ib));
    batch.push_back(n);
    batch.push_back(k);
    Tensor out = Tensor::Alloc(a.dtype(), batch);
    for (size_t i = 0; i < ia.size(); ++i) {
      if (n == 0 || k == 0) break;
      MapC<T> ma(a.data<T>() + ia[i] * n * n, n, n);
      MapC<T> mb(rhs.data<T>() + ib[i] * n * k, n, k);
      MapM<T> mo(out.data<T>() + static_cast<int64_t>(i) * n * k, n, k);
      if (triangular) {
        if (lower) {
          if (adjoint) mo.noalias() = ma.template triangularView<Eigen::Lower>().adjoint().solve(mb);
          else mo.noalias() = ma.template triangularView<Eigen::Lower>().solve(mb);
        } else {
          if (adjoint) mo.noalias() = ma.template triangularView<Eigen::Upper>().adjoint().solve(mb);
          else mo.noalias() = ma.template triangularView<Eigen::Upper>().solve(mb);
        }
      } else {
        Eigen::PartialPivLU<Mat<T>> lu(n);
        if (adjoint) lu.compute(ma.adjoint());
        else lu.compute(ma);
        if (!(lu.matrixLU().diagonal().cwiseAbs().minCoeff() > T(0)))
          return InvalidArgument("Input matrix is not invertible.");
        mo.noalias() = lu.solve(mb);
      }
    }
    c.outputs = {out};
    return Status::Ok();
  }
};

// sign and log|det| through a partially pivoted LU (TF's SLogDet).
template <typename T>
void SLogDet(const MapC<T>& a, T* sign, T* log_abs_det) {
  *sign = 1, *log_abs_det = 0;
  if (a.rows() > 0) {
    Eigen::PartialPivLU<Mat<T>> lu(a);
    Mat<T> LU = lu.matrixLU();
    *sign = static_cast<T>(lu.permutationP().determinant());
    auto diag = LU.diagonal().array().eval();
    auto abs_diag = diag.cwiseAbs().eval();
    *log_abs_det += abs_diag.log().sum();
    *sign *= (diag / abs_diag).prod();
  }
  if (!std::isfinite(*log_abs_det)) {
    *sign = 0;
    *log_abs_det = *log_abs_det > 0 ? -std::log(T(0)) : std::log(T(0));
  }
}

template <typename T>
struct DetOp {
  static Status Run(KernelContext& c) {
    const Tensor& x = c.inputs[0];
    int64_t batch, n;
    TFM_RETURN_IF_ERROR(SquareDims(c.op, x, &batch, &n));
    Shape s(x.shape().begin(), x.shape().end() - 2);
    Tensor out = Tensor::Alloc(x.dtype(), s);
    Tensor logabs = Tensor::Alloc(x.dtype(), s);
    for (int64_t b = 0; b < batch; ++b) {
      MapC<T> a(x.data<T>() + b * n * n, n, n);
      T sign, lad;
      SLogDet(a, &sign, &lad);
      if (c.op == "MatrixDeterminant") {
        out.data<T>()[b] = sign * std::exp(lad);
      } else {
        out.data<T>()[b] = sign;
        logabs.data<T>()[b] = lad;
      }
    }
    if (c.op == "MatrixDeterminant") c.outputs = {out};
    else c.outputs = {out, logabs};
    return Status::Ok();
  }
};

// ---------------------------------------------------------------- decompositions
template <typename T>
struct CholeskyOp {
  static Status Run(KernelContext& c) {
    const Tensor& x = c.inputs[0];
    int64_t batch, n;
    TFM_RETURN_IF_ERROR(SquareDims(c.op, x, &batch, &n));
    Tensor out = Tensor::Alloc(x.dtype(), x.shape());
    for (int64_t b = 0; b < batch && n > 0; ++b) {
      MapC<T> a(x.data<T>() + b * n * n, n, n);
      Eigen::LLT<Mat<T>, Eigen::Lower> llt(a);
      MapM<T> o(out.data<T>() + b * n * n, n, n);
      if (llt.info() != Eigen::Success) {
        // TF 2.21 does not raise: the lower triangle of a failed factorization is NaN.
        o.setZero();
        o.template triangularView<Eigen::Lower>().setConstant(std::numeric_limits<T>::quiet_NaN());
      } else {
        o = llt.matrixL();
      }
    }
    c.outputs = {out};
    return Status::Ok();
  }
};

template <typename T>
struct QrOp {
  static Status Run(KernelContext& c) {
    const Tensor& x = c.inputs[0];
    int64_t batch, m, n;
    TFM_RETURN_IF_ERROR(MatrixDims(c.op, x, &batch, &m, &n));
    bool full = GetBoolAttr(*c.attrs, "full_matrices", false);
    int64_t p = std::min(m, n);
    Shape qs(x.shape().begin(), x.shape().end() - 2), rs = qs;
    qs.push_back(m), qs.push_back(full ? m : p);
    rs.push_back(full ? m : p), rs.push_back(n);
    Tensor q = Tensor::Alloc(x.dtype(), qs), r = Tensor::Alloc(x.dtype(), rs);
    for (int64_t b = 0; b < batch && m > 0 && n > 0; ++b) {
      MapC<T> a(x.data<T>() + b * m * n, m, n);
      Eigen::HouseholderQR<Mat<T>> qr(a);
      if (full) {
        MapM<T>(q.data<T>() + b * m * m, m, m) = qr.householderQ();
        MapM<T>(r.data<T>() + b * m * n, m, n) = qr.matrixQR().template triangularView<Eigen::Upper>();
      } else {
        Mat<T> tmp = Mat<T>::Identity(m, p);
        MapM<T>(q.data<T>() + b * m * p, m, p) = qr.householderQ() * tmp;
        Mat<T> top = qr.matrixQR().block(0, 0, p, n);
        MapM<T>(r.data<T>() + b * p * n, p, n) = top.template triangularView<Eigen::Upper>();
      }
    }
    c.outputs = {q, r};
    return Status::Ok();
  }
};

template <typename T>
struct SvdOp {
  static Status Run(KernelContext& c) {
    const Tensor& x = c.inputs[0];
    int64_t batch, m, n;
    TFM_RETURN_IF_ERROR(MatrixDims(c.op, x, &batch, &m, &n));
    bool uv = GetBoolAttr(*c.attrs, "compute_uv", true);
    bool full = GetBoolAttr(*c.attrs, "full_matrices", false);
    int64_t p = std::min(m, n);
    Shape lead(x.shape().begin(), x.shape().end() - 2);
    Shape ss = lead, us = lead, vs = lead;
    ss.push_back(p);
    us.push_back(m), us.push_back(full ? m : p);
    vs.push_back(n), vs.push_back(full ? n : p);
    Tensor s = Tensor::Alloc(x.dtype(), ss);
    Tensor u = Tensor::Alloc(x.dtype(), uv ? us : Shape{0});
    Tensor v = Tensor::Alloc(x.dtype(), uv ? vs : Shape{0});
    int64_t uc = full ? m : p, vc = full ? n : p;
    for (int64_t b = 0; b < batch && m > 0 && n > 0; ++b) {
      MapC<T> a(x.data<T>() + b * m * n, m, n);
      Eigen::BDCSVD<Mat<T>> svd;
      if (uv) svd.compute(a, full ? (Eigen::ComputeFullU | Eigen::ComputeFullV) : (Eigen::ComputeThinU | Eigen::ComputeThinV));
      else svd.compute(a);
      Eigen::Map<Eigen::Matrix<T, Eigen::Dynamic, 1>>(s.data<T>() + b * p, p) = svd.singularValues();
      if (uv) {
        MapM<T>(u.data<T>() + b * m * uc, m, uc) = svd.matrixU();
        MapM<T>(v.data<T>() + b * n * vc, n, vc) = svd.matrixV();
      }
    }
    c.outputs = {s, u, v};
    return Status::Ok();
  }
};

template <typename T>
struct EigOp {
  static Status Run(KernelContext& c) {
    const Tensor& x = c.inputs[0];
    int64_t batch, n;
    TFM_RETURN_IF_ERROR(SquareDims(c.op, x, &batch, &n));
    bool compute_v = GetBoolAttr(*c.attrs, "compute_v", true);
    Shape es(x.shape().begin(), x.shape().end() - 1);
    Tensor e = Tensor::Alloc(x.dtype(), es);
    Tensor v = Tensor::Alloc(x.dtype(), compute_v ? x.shape() : Shape{0});
    for (int64_t b = 0; b < batch && n > 0; ++b) {
      MapC<T> a(x.data<T>() + b * n * n, n, n);
      Eigen::SelfAdjointEigenSolver<Mat<T>> eig(Mat<T>(a), compute_v ? Eigen::ComputeEigenvectors : Eigen::EigenvaluesOnly);
      if (eig.info() != Eigen::Success)
        return InvalidArgument("Self-adjoint eigen decomposition was not successful. The input might not be valid.");
      Eigen::Map<Eigen::Matrix<T, Eigen::Dynamic, 1>>(e.data<T>() + b * n, n) = eig.eigenvalues();
      if (compute_v) MapM<T>(v.data<T>() + b * n * n, n, n) = eig.eigenvectors();
    }
    c.outputs = {e, v};
    return Status::Ok();
  }
};

Status MatrixInverseK(KernelContext& c) { return ByFloat<InverseOp>(c, c.inputs[0].dtype()); }
Status MatrixSolveK(KernelContext& c) {
  if (c.inputs[0].dtype() != c.inputs[1].dtype()) return InvalidArgument(c.op + ": matrix and rhs dtypes differ");
  return ByFloat<SolveOp>(c, c.inputs[0].dtype());
}
Status DetK(KernelContext& c) { return ByFloat<DetOp>(c, c.inputs[0].dtype()); }
Status CholeskyK(KernelContext& c) { return ByFloat<CholeskyOp>(c, c.inputs[0].dtype()); }
Status QrK(KernelContext& c) { return ByFloat<QrOp>(c, c.inputs[0].dtype()); }
Status SvdK(KernelContext& c) { return ByFloat<SvdOp>(c, c.inputs[0].dtype()); }
Status EigK(KernelContext& c) { return ByFloat<EigOp>(c, c.inputs[0].dtype()); }

// ---------------------------------------------------------------- band part, diagonals (any dtype)
Status MatrixBandPartK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  if (x.dtype() == DType::kString) return Unimplemented(c.op + " of string tensors is not yet in the bundled runtime");
  int64_t batch, m, n;
  TFM_RETURN_IF_ERROR(MatrixDims(c.op, x, &batch, &m, &n));
  if (c.inputs[1].num_elements() != 1 || c.inputs[2].num_elements() != 1)
    return InvalidArgument("num_lower and num_upper must be scalars");
  int64_t lo = c.inputs[1].AsInt64(0), up = c.inputs[2].AsInt64(0);
  if (lo > m) return InvalidArgument("num_lower must be negative or less or equal to number of rows (" + std::to_string(m) + ") got: " + std::to_string(lo));
  if (up > n) return InvalidArgument("num_upper must be negative or less or equal to number of columns (" + std::to_string(n) + ") got: " + std::to_string(up));
  Tensor out = Tensor::Alloc(x.dtype(), x.shape());
  size_t es = DTypeSize(x.dtype());
  auto* po = static_cast<unsigned char*>(const_cast<void*>(out.raw()));
  const auto* px = static_cast<const unsigned char*>(x.raw());
  std::memset(po, 0, out.raw_size());
  for (int64_t b = 0; b < batch && m > 0 && n > 0; ++b)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j)
        if ((lo < 0 || i - j <= lo) && (up < 0 || j - i <= up)) {
          size_t off = static_cast<size_t>((b * m + i) * n + j) * es;
          std::memcpy(po + off, px + off, es);
        }
  c.outputs = {out};
  return Status::Ok();
}

Status MatrixDiagK(KernelContext& c) {
  const Tensor& d = c.inputs[0];
  if (d.dims() < 1) return InvalidArgument("input must be at least 1-dim, received shape: " + Dims(d.shape()));
  if (d.dtype() == DType::kString) return Unimplemented("MatrixDiag of string tensors is not yet in the bundled runtime");
  int64_t n = d.dim(static_cast<int>(d.dims() - 1));
  Shape s = d.shape();
  s.push_back(n);
  Tensor out = Tensor::Alloc(d.dtype(), s);
  size_t es = DTypeSize(d.dtype());
  auto* po = static_cast<unsigned char*>(const_cast<void*>(out.raw()));
  const auto* pd = static_cast<const unsigned char*>(d.raw());
  if (out.raw_size()) std::memset(po, 0, out.raw_size());
  int64_t batch = n ? d.num_elements() / n : 0;
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t i = 0; i < n; ++i) std::memcpy(po + static_cast<size_t>((b * n + i) * n + i) * es, pd + static_cast<size_t>(b * n + i) * es, es);
  c.outputs = {out};
  return Status::Ok();
}

Status MatrixDiagPartK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  if (x.dtype() == DType::kString) return Unimplemented(c.op + " of string tensors is not yet in the bundled runtime");
  int64_t batch, m, n;
  TFM_RETURN_IF_ERROR(MatrixDims(c.op, x, &batch, &m, &n));
  int64_t p = std::min(m, n);
  Shape s(x.shape().begin(), x.shape().end() - 2);
  s.push_back(p);
  Tensor out = Tensor::Alloc(x.dtype(), s);
  size_t es = DTypeSize(x.dtype());
  auto* po = static_cast<unsigned char*>(const_cast<void*>(out.raw()));
  const auto* px = static_cast<const unsigned char*>(x.raw());
  for (int64_t b = 0; b < batch && p > 0; ++b)
    for (int64_t i = 0; i < p; ++i) std::memcpy(po + static_cast<size_t>(b * p + i) * es, px + static_cast<size_t>((b * m + i) * n + i) * es, es);
  c.outputs = {out};
  return Status::Ok();
}

Status MatrixSetDiagK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  const Tensor& d = c.inputs[1];
  int64_t batch, m, n;
  TFM_RETURN_IF_ERROR(MatrixDims(c.op, x, &batch, &m, &n));
  int64_t p = std::min(m, n);
  if (d.num_elements() != (p ? batch * p : 0) || d.dtype() != x.dtype())
    return InvalidArgument("diagonal must have shape " + Dims(x.shape()) + " without its last dimension and min(M, N) last, got " +
                           Dims(d.shape()));
  Tensor out = x.DeepCopy();
  for (int64_t b = 0; b < batch && p > 0; ++b)  // (strings too: they have no bytes to copy)
    for (int64_t i = 0; i < p; ++i) CopyElems(d, b * p + i, &out, (b * m + i) * n + i, 1);
  c.outputs = {out};
  return Status::Ok();
}

// MatrixDiagPartV3 and MatrixSetDiagV3 (TF2 graphs): main diagonal (k = 0) only.
Status MainDiagonalOnly(const KernelContext& c, const Tensor& k) {
  for (int64_t i = 0; i < k.num_elements(); ++i)
    if (k.AsInt64(i) != 0)
      return Unimplemented(c.op + " with k != 0 (off-diagonals) is not supported by the bundled runtime");
  return Status::Ok();
}

// MatrixDiagV3: the diagonals k[0]..k[1] (k a scalar: one) of [..., rows, cols] matrices
// from `diagonal` ([..., len] for one diagonal, [..., num_diags, len] for a band, the
// highest diagonal first), padded with padding_value. A diagonal shorter than the longest
// sits at the left or right of its row of `diagonal` as `align` says (TensorFlow's
// "RIGHT_LEFT": superdiagonals right, subdiagonals left).
Status MatrixDiagV3K(KernelContext& c) {
  const Tensor& d = c.inputs[0];
  if (d.dtype() == DType::kString) return Unimplemented(c.op + " of string tensors is not yet in the bundled runtime");
  const Tensor& k = c.inputs[1];
  if (k.dims() > 1 || k.num_elements() < 1 || k.num_elements() > 2)
    return InvalidArgument("diag_index must be a scalar or vector with one or two elements, received shape: " +
                           Dims(k.shape()));
  const int64_t lo = k.AsInt64(0), hi = k.num_elements() == 2 ? k.AsInt64(1) : lo;
  if (lo > hi) return InvalidArgument("lower_diag_index must not be larger than upper_diag_index: " +
                                      std::to_string(lo) + " > " + std::to_string(hi));
  const bool band = lo != hi;
  if (d.dims() < (band ? 2 : 1))
    return InvalidArgument("diagonal must be at least " + std::string(band ? "2" : "1") +
                           "-dim, received shape: " + Dims(d.shape()));
  const int64_t num_diags = hi - lo + 1;
  if (band && d.dim(static_cast<int>(d.dims() - 2)) != num_diags)
    return InvalidArgument("The number of diagonals provided in the input does not match the lower_diag_index and "
                           "upper_diag_index range.");
  const int64_t len = d.dim(static_cast<int>(d.dims() - 1));
  const int64_t min_rows = len - std::min<int64_t>(hi, 0), min_cols = len + std::max<int64_t>(lo, 0);
  TFM_RETURN_IF_ERROR(NeedScalar(c, 2, "num_rows"));
  TFM_RETURN_IF_ERROR(NeedScalar(c, 3, "num_cols"));
  int64_t rows = c.inputs[2].AsInt64(0), cols = c.inputs[3].AsInt64(0);
  if (rows == -1 && cols == -1) {
    rows = cols = std::max(min_rows, min_cols);
  } else if (rows == -1) {
    rows = min_rows;
  } else if (cols == -1) {
    cols = min_cols;
  }
  if (rows != min_rows && cols != min_cols)
    return InvalidArgument("The number of rows or columns is not consistent with the specified d_lower, d_upper, "
                           "and diagonal.");
  if (c.inputs[4].dtype() != d.dtype()) return InvalidArgument("padding_value must have the dtype of diagonal");
  TFM_RETURN_IF_ERROR(NeedScalar(c, 4, "padding_value"));
  const std::string align = c.attrs ? GetStringAttr(*c.attrs, "align", "RIGHT_LEFT") : "RIGHT_LEFT";
  const bool left_super = align == "LEFT_LEFT" || align == "LEFT_RIGHT";
  const bool left_sub = align == "LEFT_LEFT" || align == "RIGHT_LEFT";
  Shape s(d.shape().begin(), d.shape().end() - (band ? 2 : 1));
  const int64_t batch = NumElements(s);
  s.push_back(rows);
  s.push_back(cols);
  Tensor out = Tensor::Alloc(d.dtype(), s);
  size_t es = DTypeSize(d.dtype());
  auto* po = static_cast<unsigned char*>(const_cast<void*>(out.raw()));
  const auto* pd = static_cast<const unsigned char*>(d.raw());
  const auto* pad = static_cast<const unsigned char*>(c.inputs[4].raw());
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j) {
        const int64_t di = j - i;
        const unsigned char* src = pad;
        if (lo <= di && di <= hi) {
          const int64_t diag_len = std::min(rows + std::min<int64_t>(0, di), cols - std::max<int64_t>(0, di));
          const bool left = di >= 0 ? left_super : left_sub;
          const int64_t at = j - std::max<int64_t>(di, 0) + (left ? 0 : len - diag_len);
          src = pd + static_cast<size_t>((b * num_diags + (hi - di)) * len + at) * es;
        }
        std::memcpy(po + static_cast<size_t>((b * rows + i) * cols + j) * es, src, es);
      }
  c.outputs = {out};
  return Status::Ok();
}

Status MatrixDiagPartV3K(KernelContext& c) {
  TFM_RETURN_IF_ERROR(MainDiagonalOnly(c, c.inputs[1]));
  KernelContext k{.op = "MatrixDiagPart", .node_name = c.node_name, .attrs = c.attrs, .inputs = {c.inputs[0]}};
  TFM_RETURN_IF_ERROR(MatrixDiagPartK(k));
  c.outputs = std::move(k.outputs);
  return Status::Ok();
}

Status MatrixSetDiagV3K(KernelContext& c) {
  TFM_RETURN_IF_ERROR(MainDiagonalOnly(c, c.inputs[2]));
  KernelContext k{.op = "MatrixSetDiag", .node_name = c.node_name, .attrs = c.attrs, .inputs = {c.inputs[0], c.inputs[1]}};
  TFM_RETURN_IF_ERROR(MatrixSetDiagK(k));
  c.outputs = std::move(k.outputs);
  return Status::Ok();
}

// ---------------------------------------------------------------- resize
// TF's scale: (in - 1) / (out - 1) with align_corners and out > 1, else in / out (float).
float ResizeScale(int64_t in, int64_t out, bool align) {
  return (align && out > 1) ? static_cast<float>(in - 1) / static_cast<float>(out - 1)
                            : static_cast<float>(in) / static_cast<float>(out);
}

struct Interp {
  int64_t lower, upper;
  float lerp;
};

std::vector<Interp> Weights(int64_t out, int64_t in, float scale, bool half_pixel) {
  std::vector<Interp> w(static_cast<size_t>(out));
  for (int64_t i = 0; i < out; ++i) {
    float v = half_pixel ? (static_cast<float>(i) + 0.5f) * scale - 0.5f : static_cast<float>(i) * scale;
    float fl = std::floor(v);
    w[i].lower = std::max<int64_t>(static_cast<int64_t>(fl), 0);
    w[i].upper = std::min<int64_t>(static_cast<int64_t>(std::ceil(v)), in - 1);
    w[i].lerp = v - fl;
  }
  return w;
}

Status ResizeSize(const KernelContext& c, const Tensor& images, const Tensor& size, int64_t* oh, int64_t* ow) {
  if (images.dims() != 4) return InvalidArgument("input must be 4-dimensional" + Dims(images.shape()));
  if (size.dims() != 1 || size.num_elements() != 2)
    return InvalidArgument("shape_t must be 1-dimensional and have 2 elements" + Dims(size.shape()));
  *oh = size.AsInt64(0), *ow = size.AsInt64(1);
  if (*oh <= 0 || *ow <= 0) return InvalidArgument("output dimensions must be positive");
  if (images.dim(1) <= 0 || images.dim(2) <= 0)
    return InvalidArgument("input image must be of non-zero size");
  if (images.dim(3) <= 0) return InvalidArgument("image must have at least one channel");
  if (GetBoolAttr(*c.attrs, "align_corners", false) && GetBoolAttr(*c.attrs, "half_pixel_centers", false))
    return InvalidArgument("If half_pixel_centers is True, align_corners must be False.");
  return Status::Ok();
}

Status ResizeBilinearK(KernelContext& c) {
  const Tensor& img = c.inputs[0];
  int64_t oh, ow;
  TFM_RETURN_IF_ERROR(ResizeSize(c, img, c.inputs[1], &oh, &ow));
  int64_t n = img.dim(0), ih = img.dim(1), iw = img.dim(2), ch = img.dim(3);
  bool align = GetBoolAttr(*c.attrs, "align_corners", false), half = GetBoolAttr(*c.attrs, "half_pixel_centers", false);
  Tensor out = Tensor::Alloc(DType::kFloat, {n, oh, ow, ch});  // (first: the sizes may be past any tensor)
  c.outputs = {out};
  if (out.num_elements() == 0) return Status::Ok();
  auto ys = Weights(oh, ih, ResizeScale(ih, oh, align), half);
  auto xs = Weights(ow, iw, ResizeScale(iw, ow, align), half);
  Tensor f = img.dtype() == DType::kFloat ? img : img.CastTo(DType::kFloat);
  const float* pi = f.data<float>();
  float* po = out.data<float>();
  for (int64_t b = 0; b < n; ++b)
    for (int64_t y = 0; y < oh; ++y) {
      const float* top = pi + (b * ih + ys[y].lower) * iw * ch;
      const float* bot = pi + (b * ih + ys[y].upper) * iw * ch;
      float yl = ys[y].lerp;
      for (int64_t x = 0; x < ow; ++x) {
        float xl = xs[x].lerp;
        for (int64_t k = 0; k < ch; ++k) {
          float tl = top[xs[x].lower * ch + k], tr = top[xs[x].upper * ch + k];
          float bl = bot[xs[x].lower * ch + k], br = bot[xs[x].upper * ch + k];
          float t = tl + (tr - tl) * xl;
          float bo = bl + (br - bl) * xl;
          po[((b * oh + y) * ow + x) * ch + k] = t + (bo - t) * yl;
        }
      }
    }
  c.outputs = {out};
  return Status::Ok();
}

// ResizeBilinearGrad(grads [N, oh, ow, C] float, original_image [N, ih, iw, C]).
template <typename T>
struct ResizeBilinearGradOp {
  static Status Run(KernelContext& c) {
    const Tensor& g = c.inputs[0];
    const Tensor& orig = c.inputs[1];
    if (g.dims() != 4 || orig.dims() != 4) return InvalidArgument("input_grad and original_image must be 4-dimensional");
    int64_t n = g.dim(0), oh = g.dim(1), ow = g.dim(2), ch = g.dim(3), ih = orig.dim(1), iw = orig.dim(2);
    // (TF's check: with none, the weights of a zero size index before the output)
    if (ih <= 0 || iw <= 0) return InvalidArgument("original dimensions must be positive");
    bool align = GetBoolAttr(*c.attrs, "align_corners", false), half = GetBoolAttr(*c.attrs, "half_pixel_centers", false);
    float hs = ResizeScale(ih, oh, align), wsc = ResizeScale(iw, ow, align);
    Tensor out = Tensor::Alloc(orig.dtype(), {n, ih, iw, ch});
    T* po = out.data<T>();
    std::fill(po, po + out.num_elements(), T(0));
    c.outputs = {out};
    if (out.num_elements() == 0 || g.num_elements() == 0) return Status::Ok();  // (g's sizes may be past any tensor)
    Tensor gf = g.dtype() == DType::kFloat ? g : g.CastTo(DType::kFloat);
    const float* pg = gf.data<float>();
    auto ys = Weights(oh, ih, hs, half);
    auto xs = Weights(ow, iw, wsc, half);
    for (int64_t b = 0; b < n; ++b)
      for (int64_t y = 0; y < oh; ++y) {
        T yl = static_cast<T>(ys[y].lerp), iyl = T(1) - yl;
        for (int64_t x = 0; x < ow; ++x) {
          T xl = static_cast<T>(xs[x].lerp), ixl = T(1) - xl;
          for (int64_t k = 0; k < ch; ++k) {
            T gv = static_cast<T>(pg[((b * oh + y) * ow + x) * ch + k]);
            po[((b * ih + ys[y].lower) * iw + xs[x].lower) * ch + k] += gv * iyl * ixl;
            po[((b * ih + ys[y].lower) * iw + xs[x].upper) * ch + k] += gv * iyl * xl;
            po[((b * ih + ys[y].upper) * iw + xs[x].lower) * ch + k] += gv * yl * ixl;
            po[((b * ih + ys[y].upper) * iw + xs[x].upper) * ch + k] += gv * yl * xl;
          }
        }
      }
    c.outputs = {out};
    return Status::Ok();
  }
};
Status ResizeBilinearGradK(KernelContext& c) { return ByFloat<ResizeBilinearGradOp>(c, c.inputs[1].dtype()); }

// The source index of output index i for nearest-neighbor resizing.
int64_t NearestIndex(int64_t i, float scale, int64_t in, bool align, bool half) {
  float v = half ? (static_cast<float>(i) + 0.5f) * scale : static_cast<float>(i) * scale;
  int64_t r = std::min<int64_t>(align ? static_cast<int64_t>(std::round(v)) : static_cast<int64_t>(std::floor(v)), in - 1);
  if (half) r = std::max<int64_t>(0, r);
  return r;
}

Status ResizeNearestK(KernelContext& c) {
  const Tensor& img = c.inputs[0];
  int64_t oh, ow;
  TFM_RETURN_IF_ERROR(ResizeSize(c, img, c.inputs[1], &oh, &ow));
  int64_t n = img.dim(0), ih = img.dim(1), iw = img.dim(2), ch = img.dim(3);
  bool align = GetBoolAttr(*c.attrs, "align_corners", false), half = GetBoolAttr(*c.attrs, "half_pixel_centers", false);
  float hs = ResizeScale(ih, oh, align), wsc = ResizeScale(iw, ow, align);
  Tensor out = Tensor::Alloc(img.dtype(), {n, oh, ow, ch});
  c.outputs = {out};
  if (out.num_elements() == 0) return Status::Ok();  // (its other sizes may be past any tensor)
  size_t row = static_cast<size_t>(ch) * DTypeSize(img.dtype());
  auto* po = static_cast<unsigned char*>(const_cast<void*>(out.raw()));
  const auto* pi = static_cast<const unsigned char*>(img.raw());
  for (int64_t b = 0; b < n; ++b)
    for (int64_t y = 0; y < oh; ++y) {
      int64_t sy = NearestIndex(y, hs, ih, align, half);
      for (int64_t x = 0; x < ow; ++x) {
        int64_t sx = NearestIndex(x, wsc, iw, align, half);
        std::memcpy(po + static_cast<size_t>((b * oh + y) * ow + x) * row, pi + static_cast<size_t>((b * ih + sy) * iw + sx) * row, row);
      }
    }
  c.outputs = {out};
  return Status::Ok();
}

// ResizeNearestNeighborGrad(grads [N, oh, ow, C], size = [ih, iw]).
template <typename T>
struct ResizeNearestGradOp {
  static Status Run(KernelContext& c) {
    const Tensor& g = c.inputs[0];
    const Tensor& size = c.inputs[1];
    if (g.dims() != 4 || size.num_elements() != 2) return InvalidArgument("grads must be 4-dimensional and size 2 values");
    int64_t n = g.dim(0), oh = g.dim(1), ow = g.dim(2), ch = g.dim(3), ih = size.AsInt64(0), iw = size.AsInt64(1);
    // (TF's check: a size of 0 mapped the gradient to index -1)
    if (ih <= 0 || iw <= 0) return InvalidArgument("shape_t's elements must be positive");
    bool align = GetBoolAttr(*c.attrs, "align_corners", false), half = GetBoolAttr(*c.attrs, "half_pixel_centers", false);
    // The gradient maps the original size onto the resized one: scales in the forward direction.
    float hs = ResizeScale(ih, oh, align), wsc = ResizeScale(iw, ow, align);
    Tensor out = Tensor::Alloc(g.dtype(), {n, ih, iw, ch});
    T* po = out.data<T>();
    std::fill(po, po + out.num_elements(), T(0));
    c.outputs = {out};
    if (out.num_elements() == 0 || g.num_elements() == 0) return Status::Ok();  // (g's sizes may be past any tensor)
    const T* pg = g.data<T>();
    for (int64_t b = 0; b < n; ++b)
      for (int64_t y = 0; y < oh; ++y) {
        int64_t sy = NearestIndex(y, hs, ih, align, half);
        for (int64_t x = 0; x < ow; ++x) {
          int64_t sx = NearestIndex(x, wsc, iw, align, half);
          for (int64_t k = 0; k < ch; ++k) po[((b * ih + sy) * iw + sx) * ch + k] += pg[((b * oh + y) * ow + x) * ch + k];
        }
      }
    c.outputs = {out};
    return Status::Ok();
  }
};
Status ResizeNearestGradK(KernelContext& c) { return ByFloat<ResizeNearestGradOp>(c, c.inputs[0].dtype()); }

// ---------------------------------------------------------------- space/depth rearrangements
Status SpaceDepthK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  if (x.dtype() == DType::kString) return Unimplemented(c.op + " of string tensors is not yet in the bundled runtime");
  if (GetStringAttr(*c.attrs, "data_format", "NHWC") != "NHWC")
    return Unimplemented(c.op + ": only the NHWC data format is supported by the bundled runtime");
  if (x.dims() != 4) return InvalidArgument("Input rank should be: 4 instead of: " + std::to_string(x.dims()));
  int64_t bs = GetIntAttr(*c.attrs, "block_size", 2);
  if (bs < 2) return InvalidArgument("Block size should be > 1, but was: " + std::to_string(bs));
  if (bs > std::numeric_limits<int32_t>::max())  // (TF's attr is int32)
    return InvalidArgument("Block size " + std::to_string(bs) + " is out of int32's range");
  int64_t n = x.dim(0), h = x.dim(1), w = x.dim(2), ch = x.dim(3);
  int64_t scaled = 0;  // ch * bs * bs (SpaceToDepth) or the larger of h * bs, w * bs (DepthToSpace)
  if (c.op == "SpaceToDepth" ? __builtin_mul_overflow(ch, bs * bs, &scaled)
                             : __builtin_mul_overflow(std::max(h, w), bs, &scaled))
    return InvalidArgument(c.op + ": the output's dimensions pass int64's range");
  size_t es = DTypeSize(x.dtype());
  const auto* pi = static_cast<const unsigned char*>(x.raw());
  if (c.op == "SpaceToDepth") {
    if (h % bs || w % bs)
      return InvalidArgument("Image width " + std::to_string(w) + " and height " + std::to_string(h) +
                             " should be divisible by block_size: " + std::to_string(bs));
    int64_t oh = h / bs, ow = w / bs, oc = ch * bs * bs;
    Tensor out = Tensor::Alloc(x.dtype(), {n, oh, ow, oc});
    c.outputs = {out};
    if (out.num_elements() == 0) return Status::Ok();  // (nothing to move; the input's other dimensions may be huge)
    auto* po = static_cast<unsigned char*>(const_cast<void*>(out.raw()));
    for (int64_t b = 0; b < n; ++b)
      for (int64_t y = 0; y < h; ++y)
        for (int64_t xx = 0; xx < w; ++xx) {
          int64_t od = ((y % bs) * bs + xx % bs) * ch;
          std::memcpy(po + static_cast<size_t>(((b * oh + y / bs) * ow + xx / bs) * oc + od) * es,
                      pi + static_cast<size_t>(((b * h + y) * w + xx) * ch) * es, static_cast<size_t>(ch) * es);
        }
    c.outputs = {out};
  } else {
    if (ch % (bs * bs))
      return InvalidArgument("Input depth dimension " + std::to_string(ch) + " should be divisible by: " + std::to_string(bs * bs));
    int64_t oc = ch / (bs * bs), oh = h * bs, ow = w * bs;
    Tensor out = Tensor::Alloc(x.dtype(), {n, oh, ow, oc});
    c.outputs = {out};
    if (out.num_elements() == 0) return Status::Ok();
    auto* po = static_cast<unsigned char*>(const_cast<void*>(out.raw()));
    for (int64_t b = 0; b < n; ++b)
      for (int64_t y = 0; y < oh; ++y)
        for (int64_t xx = 0; xx < ow; ++xx) {
          int64_t id = ((y % bs) * bs + xx % bs) * oc;
          std::memcpy(po + static_cast<size_t>(((b * oh + y) * ow + xx) * oc) * es,
                      pi + static_cast<size_t>(((b * h + y / bs) * w + xx / bs) * ch + id) * es, static_cast<size_t>(oc) * es);
        }
    c.outputs = {out};
  }
  return Status::Ok();
}

// Windows: window.h (shared with kernels_nn.cc).

Shape ShapeValue(const Tensor& t) {
  Shape s;
  for (int64_t i = 0; i < t.num_elements(); ++i) s.push_back(t.AsInt64(i));
  return s;
}

// Depthwise: input [N, H, W, C], filter [kh, kw, C, M] -> [N, oh, ow, C * M].
struct DwGeom {
  int64_t n, ih, iw, ch, kh, kw, mult;
  Window wh, ww;
};

Status DwGeometry(const KernelContext& c, const Shape& in, const Shape& f, DwGeom* g) {
  TFM_RETURN_IF_ERROR(CheckNhwc(c));
  if (in.size() != 4) return InvalidArgument("input must be 4-dimensional" + Dims(in));
  if (f.size() != 4) return InvalidArgument("filter must be 4-dimensional: " + Dims(f));
  TFM_RETURN_IF_ERROR(ConvSizesInInt(in, f));
  if (in[3] != f[2])
    return InvalidArgument("input and filter must have the same depth: " + std::to_string(in[3]) + " vs " + std::to_string(f[2]));
  int64_t sh, sw, dh, dw;
  TFM_RETURN_IF_ERROR(Spatial(c, "strides", &sh, &sw));
  TFM_RETURN_IF_ERROR(Spatial(c, "dilations", &dh, &dw));
  std::string padding = GetStringAttr(*c.attrs, "padding", "VALID");
  *g = DwGeom{in[0], in[1], in[2], in[3], f[0], f[1], f[3], {}, {}};
  TFM_RETURN_IF_ERROR(MakeWindow(in[1], f[0], sh, dh, padding, &g->wh));
  TFM_RETURN_IF_ERROR(MakeWindow(in[2], f[1], sw, dw, padding, &g->ww));
  return Status::Ok();
}

// Calls fn(input offset, filter offset, output offset) for every in-bounds product term.
template <typename Fn>
void DwWalk(const DwGeom& g, Fn fn) {
  // (no output cells: nothing to walk, and the other sizes may be past any tensor)
  if (g.n == 0 || g.wh.out == 0 || g.ww.out == 0 || g.ch == 0 || g.mult == 0) return;
  int64_t oc = g.ch * g.mult;
  for (int64_t b = 0; b < g.n; ++b)
    for (int64_t oy = 0; oy < g.wh.out; ++oy)
      for (int64_t ox = 0; ox < g.ww.out; ++ox) {
        int64_t obase = ((b * g.wh.out + oy) * g.ww.out + ox) * oc;
        for (int64_t a = 0; a < g.kh; ++a) {
          int64_t y = oy * g.wh.stride + a * g.wh.dilation - g.wh.pad;
          if (y < 0 || y >= g.ih) continue;
          for (int64_t bb = 0; bb < g.kw; ++bb) {
            int64_t x = ox * g.ww.stride + bb * g.ww.dilation - g.ww.pad;
            if (x < 0 || x >= g.iw) continue;
            int64_t ibase = ((b * g.ih + y) * g.iw + x) * g.ch;
            int64_t fbase = (a * g.kw + bb) * g.ch * g.mult;
            for (int64_t k = 0; k < g.ch; ++k)
              for (int64_t m = 0; m < g.mult; ++m) fn(ibase + k, fbase + k * g.mult + m, obase + k * g.mult + m);
          }
        }
      }
}

template <typename T>
struct DwOp {
  static Status Run(KernelContext& c) {
    DwGeom g;
    if (c.op == "DepthwiseConv2dNative") {
      const Tensor& x = c.inputs[0];
      const Tensor& f = c.inputs[1];
      if (x.dtype() != f.dtype()) return InvalidArgument(c.op + ": input and filter dtypes differ");
      TFM_RETURN_IF_ERROR(DwGeometry(c, x.shape(), f.shape(), &g));
      Tensor out = Tensor::Alloc(x.dtype(), {g.n, g.wh.out, g.ww.out, g.ch * g.mult});
      T* po = out.data<T>();
      std::fill(po, po + out.num_elements(), T(0));
      const T* pi = x.data<T>();
      const T* pf = f.data<T>();
      DwWalk(g, [&](int64_t i, int64_t fi, int64_t o) { po[o] += pi[i] * pf[fi]; });
      c.outputs = {out};
    } else if (c.op == "DepthwiseConv2dNativeBackpropInput") {
      Shape in = ShapeValue(c.inputs[0]);
      const Tensor& f = c.inputs[1];
      const Tensor& dy = c.inputs[2];
      TFM_RETURN_IF_ERROR(DwGeometry(c, in, f.shape(), &g));
      if (dy.num_elements() != NumElements({g.n, g.wh.out, g.ww.out, g.ch, g.mult}))
        return InvalidArgument(c.op + ": out_backprop has shape " + Dims(dy.shape()) + ", which does not match the geometry");
      Tensor dx = Tensor::Alloc(f.dtype(), in);
      T* pdx = dx.data<T>();
      std::fill(pdx, pdx + dx.num_elements(), T(0));
      const T* pf = f.data<T>();
      const T* pdy = dy.data<T>();
      DwWalk(g, [&](int64_t i, int64_t fi, int64_t o) { pdx[i] += pdy[o] * pf[fi]; });
      c.outputs = {dx};
    } else {
      const Tensor& x = c.inputs[0];
      Shape fs = ShapeValue(c.inputs[1]);
      const Tensor& dy = c.inputs[2];
      TFM_RETURN_IF_ERROR(DwGeometry(c, x.shape(), fs, &g));
      if (dy.num_elements() != NumElements({g.n, g.wh.out, g.ww.out, g.ch, g.mult}))
        return InvalidArgument(c.op + ": out_backprop has shape " + Dims(dy.shape()) + ", which does not match the geometry");
      Tensor df = Tensor::Alloc(x.dtype(), fs);
      T* pdf = df.data<T>();
      std::fill(pdf, pdf + df.num_elements(), T(0));
      const T* pi = x.data<T>();
      const T* pdy = dy.data<T>();
      DwWalk(g, [&](int64_t i, int64_t fi, int64_t o) { pdf[fi] += pdy[o] * pi[i]; });
      c.outputs = {df};
    }
    return Status::Ok();
  }
};
Status DepthwiseK(KernelContext& c) {
  return ByFloat<DwOp>(c, c.op == "DepthwiseConv2dNativeBackpropInput" ? c.inputs[1].dtype() : c.inputs[0].dtype());
}

// ExtractImagePatches: [N, oh, ow, kh * kw * C], zero outside the image (any dtype).
Status ExtractImagePatchesK(KernelContext& c) {
  const Tensor& x = c.inputs[0];
  if (x.dims() != 4) return InvalidArgument("input must be 4-dimensional" + Dims(x.shape()));
  int64_t kh, kw, sh, sw, rh, rw;
  TFM_RETURN_IF_ERROR(Spatial(c, "ksizes", &kh, &kw));
  TFM_RETURN_IF_ERROR(Spatial(c, "strides", &sh, &sw));
  TFM_RETURN_IF_ERROR(Spatial(c, "rates", &rh, &rw));
  std::string padding = GetStringAttr(*c.attrs, "padding", "VALID");
  int64_t n = x.dim(0), ih = x.dim(1), iw = x.dim(2), ch = x.dim(3);
  Window wh, ww;
  TFM_RETURN_IF_ERROR(MakeWindow(ih, kh, sh, rh, padding, &wh));
  TFM_RETURN_IF_ERROR(MakeWindow(iw, kw, sw, rw, padding, &ww));
  int64_t depth = 0;  // kh * kw * ch (window sizes are within int32's range: MakeWindow)
  if (__builtin_mul_overflow(kh * kw, ch, &depth))
    return InvalidArgument("ExtractImagePatches: the patch depth " + std::to_string(kh) + " * " + std::to_string(kw) +
                           " * " + std::to_string(ch) + " passes int64's range");
  Tensor out = Tensor::Alloc(x.dtype(), {n, wh.out, ww.out, depth});
  c.outputs = {out};
  if (out.num_elements() == 0) return Status::Ok();  // (no cells to copy; do not walk the windows)
  size_t es = DTypeSize(x.dtype()), row = static_cast<size_t>(ch) * es;
  auto* po = static_cast<unsigned char*>(const_cast<void*>(out.raw()));
  const auto* pi = static_cast<const unsigned char*>(x.raw());
  std::memset(po, 0, out.raw_size());
  for (int64_t b = 0; b < n; ++b)
    for (int64_t oy = 0; oy < wh.out; ++oy)
      for (int64_t ox = 0; ox < ww.out; ++ox)
        for (int64_t a = 0; a < kh; ++a) {
          int64_t y = oy * sh + a * rh - wh.pad;
          if (y < 0 || y >= ih) continue;
          for (int64_t bb = 0; bb < kw; ++bb) {
            int64_t xx = ox * sw + bb * rw - ww.pad;
            if (xx < 0 || xx >= iw) continue;
            std::memcpy(po + static_cast<size_t>(((b * wh.out + oy) * ww.out + ox) * depth + (a * kw + bb) * ch) * es,
                        pi + static_cast<size_t>(((b * ih + y) * iw + xx) * ch) * es, row);
          }
        }
  c.outputs = {out};
  return Status::Ok();
}

// MaxPoolWithArgmax: the max of each window and its flat index ((y * W + x) * C + c, plus
// b * H * W * C with include_batch_in_index); the first maximum in window order wins.
template <typename T>
struct MaxPoolArgmaxOp {
  static Status Run(KernelContext& c) {
    const Tensor& x = c.inputs[0];
    if (x.dims() != 4) return InvalidArgument("input must be 4-dimensional");
    int64_t kh, kw, sh, sw;
    TFM_RETURN_IF_ERROR(Spatial(c, "ksize", &kh, &kw));
    TFM_RETURN_IF_ERROR(Spatial(c, "strides", &sh, &sw));
    if (kh <= 0 || kw <= 0) return InvalidArgument("Sliding window ksize must be positive.");
    std::string padding = GetStringAttr(*c.attrs, "padding", "VALID");
    bool with_batch = GetBoolAttr(*c.attrs, "include_batch_in_index", false);
    int64_t n = x.dim(0), ih = x.dim(1), iw = x.dim(2), ch = x.dim(3);
    Window wh, ww;
    TFM_RETURN_IF_ERROR(MakeWindow(ih, kh, sh, 1, padding, &wh));
    TFM_RETURN_IF_ERROR(MakeWindow(iw, kw, sw, 1, padding, &ww));
    DType at = GetTypeAttr(*c.attrs, "Targmax", DType::kInt64);
    Tensor out = Tensor::Alloc(x.dtype(), {n, wh.out, ww.out, ch});
    Tensor arg = Tensor::Alloc(at, {n, wh.out, ww.out, ch});
    c.outputs = {out, arg};
    if (out.num_elements() == 0) return Status::Ok();  // (its other sizes may be past any tensor)
    const T* pi = x.data<T>();
    for (int64_t b = 0; b < n; ++b)
      for (int64_t oy = 0; oy < wh.out; ++oy)
        for (int64_t ox = 0; ox < ww.out; ++ox)
          for (int64_t k = 0; k < ch; ++k) {
            T best = -std::numeric_limits<T>::infinity();
            int64_t bi = -1;
            // (the window's cells inside the image, in window order: a window far larger than
            // the image is not walked cell by cell)
            const int64_t y0 = oy * sh - wh.pad, x0 = ox * sw - ww.pad;
            for (int64_t a = std::max<int64_t>(0, -y0); a < std::min(kh, ih - y0); ++a) {
              int64_t y = y0 + a;
              for (int64_t bb = std::max<int64_t>(0, -x0); bb < std::min(kw, iw - x0); ++bb) {
                int64_t xx = x0 + bb;
                int64_t idx = (y * iw + xx) * ch + k;
                T v = pi[b * ih * iw * ch + idx];
                if (bi < 0 || v > best) best = v, bi = idx + (with_batch ? b * ih * iw * ch : 0);
              }
            }
            int64_t o = ((b * wh.out + oy) * ww.out + ox) * ch + k;
            out.data<T>()[o] = best;
            if (at == DType::kInt32) arg.data<int32_t>()[o] = static_cast<int32_t>(bi);
            else arg.data<int64_t>()[o] = bi;
          }
    c.outputs = {out, arg};
    return Status::Ok();
  }
};
Status MaxPoolWithArgmaxK(KernelContext& c) { return ByFloat<MaxPoolArgmaxOp>(c, c.inputs[0].dtype()); }

// MaxPoolGradWithArgmax(input, grad, argmax): grad scattered to the argmax positions.
template <typename T>
struct MaxPoolGradArgmaxOp {
  static Status Run(KernelContext& c) {
    const Tensor& x = c.inputs[0];
    const Tensor& g = c.inputs[1];
    const Tensor& arg = c.inputs[2];
    if (x.dims() != 4 || g.num_elements() != arg.num_elements()) return InvalidArgument("MaxPoolGradWithArgmax: bad shapes");
    if (g.dtype() != x.dtype()) return InvalidArgument("MaxPoolGradWithArgmax: grad and input dtypes differ");
    bool with_batch = GetBoolAttr(*c.attrs, "include_batch_in_index", false);
    Tensor dx = Tensor::Alloc(x.dtype(), x.shape());
    T* pdx = dx.data<T>();
    std::fill(pdx, pdx + dx.num_elements(), T(0));
    c.outputs = {dx};
    if (g.num_elements() == 0) return Status::Ok();
    if (dx.num_elements() == 0) return InvalidArgument("Invalid argmax index " + std::to_string(arg.AsInt64(0)));
    const int64_t per_in = x.dim(1) * x.dim(2) * x.dim(3);  // (x has elements: no overflow)
    int64_t per_out = x.dim(0) ? g.num_elements() / x.dim(0) : 0;
    for (int64_t i = 0; i < g.num_elements(); ++i) {
      int64_t a = 0;  // the argmax plus its batch's offset, refused past int64 as out of range
      if (__builtin_add_overflow(arg.AsInt64(i), with_batch ? 0 : (per_out ? i / per_out : 0) * per_in, &a) || a < 0 ||
          a >= dx.num_elements())
        return InvalidArgument("Invalid argmax index " + std::to_string(arg.AsInt64(i)));
      pdx[a] += g.data<T>()[i];
    }
    c.outputs = {dx};
    return Status::Ok();
  }
};
Status MaxPoolGradWithArgmaxK(KernelContext& c) { return ByFloat<MaxPoolGradArgmaxOp>(c, c.inputs[0].dtype()); }

// LRN over the depth dimension: x / (bias + alpha * sum_{|k - d| <= r} x_k^2) ^ beta.
template <typename T>
struct LrnOp {
  static Status Run(KernelContext& c) {
    const Tensor& x = c.inputs[c.op == "LRN" ? 0 : 1];
    if (x.dims() != 4) return InvalidArgument("in must be 4-dimensional");
    int64_t r = GetIntAttr(*c.attrs, "depth_radius", 5);
    if (r < 0 || r > std::numeric_limits<int32_t>::max())
      return InvalidArgument("depth_radius = " + std::to_string(r) + " larger than int max");
    if (c.op != "LRN" && (c.inputs[0].shape() != x.shape() || c.inputs[2].shape() != x.shape()))
      return InvalidArgument("input_grads, input_image, and out_image should have the same shape");
    T bias = static_cast<T>(GetFloatAttr(*c.attrs, "bias", 1.0));
    T alpha = static_cast<T>(GetFloatAttr(*c.attrs, "alpha", 1.0));
    T beta = static_cast<T>(GetFloatAttr(*c.attrs, "beta", 0.5));
    int64_t depth = x.dim(3), rows = depth ? x.num_elements() / depth : 0;
    const T* pi = x.data<T>();
    Tensor out = Tensor::Alloc(x.dtype(), x.shape());
    T* po = out.data<T>();
    if (c.op == "LRN") {
      for (int64_t i = 0; i < rows; ++i)
        for (int64_t d = 0; d < depth; ++d) {
          T s = 0;
          for (int64_t k = std::max<int64_t>(0, d - r); k < std::min<int64_t>(depth, d + r + 1); ++k) s += pi[i * depth + k] * pi[i * depth + k];
          po[i * depth + d] = pi[i * depth + d] * std::pow(bias + alpha * s, -beta);
        }
    } else {
      const T* pg = c.inputs[0].data<T>();
      const T* py = c.inputs[2].data<T>();
      std::fill(po, po + out.num_elements(), T(0));
      for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < depth; ++j) {
          int64_t lo = std::max<int64_t>(0, j - r), hi = std::min<int64_t>(depth, j + r + 1);
          T norm = 0;
          for (int64_t k = lo; k < hi; ++k) norm += pi[i * depth + k] * pi[i * depth + k];
          norm = alpha * norm + bias;
          T pw = std::pow(norm, -beta);
          for (int64_t k = lo; k < hi; ++k) {
            T dyi = T(-2) * alpha * beta * pi[i * depth + k] * py[i * depth + j] / norm;
            if (k == j) dyi += pw;
            po[i * depth + k] += dyi * pg[i * depth + j];
          }
        }
    }
    c.outputs = {out};
    return Status::Ok();
  }
};
Status LrnK(KernelContext& c) { return ByFloat<LrnOp>(c, c.inputs[0].dtype()); }

}  // namespace

void RegisterLinalgImageKernels(std::map<std::string, KernelFn>& m) {
  m["MatrixInverse"] = MatrixInverseK;
  m["MatrixSolve"] = MatrixSolveK;
  m["MatrixTriangularSolve"] = MatrixSolveK;
  m["MatrixDeterminant"] = DetK;
  m["LogMatrixDeterminant"] = DetK;
  m["Cholesky"] = CholeskyK;
  m["Qr"] = QrK;
  m["Svd"] = SvdK;
  m["SelfAdjointEigV2"] = EigK;
  m["MatrixBandPart"] = MatrixBandPartK;
  m["MatrixDiag"] = MatrixDiagK;
  m["MatrixDiagPart"] = MatrixDiagPartK;
  m["MatrixSetDiag"] = MatrixSetDiagK;
  m["MatrixDiagV3"] = MatrixDiagV3K;
  m["MatrixDiagPartV3"] = MatrixDiagPartV3K;
  m["MatrixSetDiagV3"] = MatrixSetDiagV3K;
  m["ResizeBilinear"] = ResizeBilinearK;
  m["ResizeBilinearGrad"] = ResizeBilinearGradK;
  m["ResizeNearestNeighbor"] = ResizeNearestK;
  m["ResizeNearestNeighborGrad"] = ResizeNearestGradK;
  m["SpaceToDepth"] = SpaceDepthK;
  m["DepthToSpace"] = SpaceDepthK;
  m["DepthwiseConv2dNative"] = DepthwiseK;
  m["DepthwiseConv2dNativeBackpropInput"] = DepthwiseK;
  m["DepthwiseConv2dNativeBackpropFilter"] = DepthwiseK;
  m["ExtractImagePatches"] = ExtractImagePatchesK;
  m["MaxPoolWithArgmax"] = MaxPoolWithArgmaxK;
  m["MaxPoolGradWithArgmax"] = MaxPoolGradWithArgmaxK;
  m["LRN"] = LrnK;
  m["LRNGrad"] = LrnK;
}

}  // namespace tfm::rt
